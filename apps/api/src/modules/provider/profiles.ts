import { provider as contract, type ProfileFields, type PublicProfile } from '@portal/contract';

import type { Env } from '../../config/env.ts';
import { neutralColors } from '../../config/provider-profile.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { readSaved, savedVersion, type HeldImage } from './provider.repository.ts';

/**
 * The provider profile in force (decision 123), for every place that names the provider: the staff
 * page's saved profile, else the deployment's (PROVIDER_PROFILE_FILE, PROVIDER_*), else a neutral name.
 * Each API process keeps it and, at most every `checkEveryMs`, asks the database for the saved
 * version (one indexed row): a save in any process shows in every other one within that time, and at
 * once in the process that saved it.
 */

export type ProfileSource = 'saved' | 'deployment' | 'none';

export interface Provider {
  source: ProfileSource;
  /** Changes with every saved profile: part of the image addresses, so browsers fetch a new one. */
  version: string;
  fields: ProfileFields;
  /** The locale in force: the profile's, else PORTAL_LOCALE. */
  locale: string;
  logo: HeldImage | null;
  favicon: HeldImage | null;
  updatedAt: number | null;
  mail: {
    /** MAIL_FROM when set, else the profile's sender. */
    from: string | { name: string; address: string };
    /** The lines that close every mail. */
    footer: string[];
    /** Where new tickets and access requests go: SUPPORT_INBOX, else the profile's support email. */
    supportInbox: string;
    /** Where inquiries go: INQUIRY_INBOX, else the profile's support email. */
    inquiryInbox: string;
  };
  /** What every page knows of the provider. */
  public: PublicProfile;
}

export interface ProviderProfiles {
  current(): Promise<Provider>;
  /** This process saved a profile: the next `current()` reads it. */
  changed(): void;
}

/** How long a process uses the profile it holds before it asks the database whether it changed. */
export const checkEveryMs = 2000;

/** The neutral fields of a portal no profile names. */
const neutralFields = (): ProfileFields => ({
  portal_name: contract.neutralPortalName,
  company_name: '',
  postal_address: '',
  tax_id: '',
  website: '',
  support_email: '',
  support_phone: '',
  billing_email: '',
  billing_phone: '',
  ...neutralColors,
  mail_from_name: '',
  mail_from_address: '',
  mail_footer: '',
  locale: '',
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** Builds what the places that name the provider use from the profile's fields and the deployment's settings. */
export function resolveProvider(
  env: Env,
  source: ProfileSource,
  version: string,
  held: { fields: ProfileFields; logo: HeldImage | null; favicon: HeldImage | null; updatedAt: number | null },
): Provider {
  const { fields } = held;
  const host = new URL(env.PUBLIC_URL).hostname;
  const locale = fields.locale || env.PORTAL_LOCALE;
  const support = fields.support_email || `support@${host}`;
  const name = fields.portal_name;
  const footer = fields.mail_footer
    ? lines(fields.mail_footer)
    : [
        fields.company_name ? `${name} · ${fields.company_name}` : name,
        ...(fields.support_email || fields.support_phone
          ? [['Support:', fields.support_email, fields.support_phone].filter(Boolean).join(' ')]
          : []),
      ];
  const imageUrl = (kind: 'logo' | 'favicon') => `/api/provider/${kind}?v=${version}`;
  return {
    source,
    version,
    fields,
    locale,
    logo: held.logo,
    favicon: held.favicon,
    updatedAt: held.updatedAt,
    mail: {
      from: env.MAIL_FROM ?? {
        name: fields.mail_from_name || name,
        address: fields.mail_from_address || `no-reply@${host}`,
      },
      footer,
      supportInbox: env.SUPPORT_INBOX ?? support,
      inquiryInbox: env.INQUIRY_INBOX ?? support,
    },
    public: {
      portal_name: name,
      company_name: fields.company_name,
      postal_address: lines(fields.postal_address),
      tax_id: fields.tax_id,
      website: fields.website,
      support_email: fields.support_email,
      support_phone: fields.support_phone,
      billing_email: fields.billing_email || fields.support_email,
      billing_phone: fields.billing_phone || fields.support_phone,
      primary_color: fields.primary_color,
      accent_color: fields.accent_color,
      locale,
      logo_url: held.logo ? imageUrl('logo') : null,
      favicon_url: held.favicon ? imageUrl('favicon') : null,
      missing: source === 'none',
    },
  };
}

/** The profile when none is saved: the deployment's, or the neutral one. */
export function unsavedProvider(env: Env): Provider {
  const deployment = env.PROVIDER_PROFILE;
  return deployment
    ? resolveProvider(env, 'deployment', 'd', { ...deployment, updatedAt: null })
    : resolveProvider(env, 'none', 'n', { fields: neutralFields(), logo: null, favicon: null, updatedAt: null });
}

export function createProviderProfiles(env: Env, db: Db, clock: Clock): ProviderProfiles {
  let held: { provider: Provider; saved: number | null; checkedAt: number } | null = null;
  let loading: Promise<Provider> | null = null;

  async function load(): Promise<Provider> {
    const version = await savedVersion(db);
    if (held && held.saved === version) {
      held.checkedAt = clock.now();
      return held.provider;
    }
    const saved = version === null ? null : await readSaved(db);
    const provider = saved
      ? resolveProvider(env, 'saved', String(saved.version), {
          fields: saved.fields,
          logo: saved.logo,
          favicon: saved.favicon,
          updatedAt: saved.updated_at,
        })
      : unsavedProvider(env);
    held = { provider, saved: saved?.version ?? null, checkedAt: clock.now() };
    return provider;
  }

  return {
    current() {
      if (held && clock.now() - held.checkedAt < checkEveryMs) return Promise.resolve(held.provider);
      // Requests that arrive together share one look at the database.
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    changed() {
      if (held) held.checkedAt = -Infinity;
    },
  };
}
