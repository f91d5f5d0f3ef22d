import type { ImageType, ProfileFields } from '@portal/contract';

import type { Db } from '../../db/client.ts';

/** The provider profile (migration 123, decision 123): the only code with SQL on provider_profile. */

export interface HeldImage {
  type: ImageType;
  bytes: Buffer;
}

export interface SavedProfile {
  version: number;
  fields: ProfileFields;
  logo: HeldImage | null;
  favicon: HeldImage | null;
  /** Epoch seconds. */
  updated_at: number;
}

const fieldColumns = [
  'portal_name',
  'company_name',
  'postal_address',
  'tax_id',
  'website',
  'support_email',
  'support_phone',
  'billing_email',
  'billing_phone',
  'primary_color',
  'accent_color',
  'mail_from_name',
  'mail_from_address',
  'mail_footer',
  'locale',
] as const satisfies readonly (keyof ProfileFields)[];

type Row = ProfileFields & {
  version: number;
  logo_type: ImageType | null;
  logo: Uint8Array | null;
  favicon_type: ImageType | null;
  favicon: Uint8Array | null;
  updated_at: number;
};

const image = (type: ImageType | null, bytes: Uint8Array | null): HeldImage | null =>
  type && bytes ? { type, bytes: Buffer.from(bytes) } : null;

/** The saved profile's version, or null when none is saved: what every process compares to find a change. */
export const savedVersion = async (db: Db): Promise<number | null> =>
  (await db.one<{ version: number }>('SELECT version FROM provider_profile WHERE id = 1'))?.version ?? null;

export async function readSaved(db: Db): Promise<SavedProfile | null> {
  const row = await db.one<Row>(
    `SELECT version, ${fieldColumns.join(', ')}, logo_type, logo, favicon_type, favicon,
            extract(epoch FROM updated_at)::bigint AS updated_at
       FROM provider_profile WHERE id = 1`,
  );
  if (!row) return null;
  const fields = Object.fromEntries(fieldColumns.map((c) => [c, row[c]])) as ProfileFields;
  return {
    version: row.version,
    fields,
    logo: image(row.logo_type, row.logo),
    favicon: image(row.favicon_type, row.favicon),
    updated_at: Number(row.updated_at),
  };
}

/**
 * Writes the profile (the one row), its version one more than before. `undefined` for an image keeps the
 * one held, null removes it.
 */
export async function writeProfile(
  db: Db,
  fields: ProfileFields,
  images: { logo?: HeldImage | null; favicon?: HeldImage | null },
  userId: number | null,
): Promise<void> {
  const values = fieldColumns.map((c) => fields[c]);
  const n = values.length;
  const keepLogo = images.logo === undefined;
  const keepFavicon = images.favicon === undefined;
  const params = [
    ...values,
    images.logo?.type ?? null,
    images.logo?.bytes ?? null,
    images.favicon?.type ?? null,
    images.favicon?.bytes ?? null,
    userId,
  ];
  const p = (i: number) => `$${n + i}`;
  await db.query(
    `INSERT INTO provider_profile (${fieldColumns.join(', ')}, logo_type, logo, favicon_type, favicon, updated_by)
     VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')}, ${p(1)}, ${p(2)}::bytea, ${p(3)}, ${p(4)}::bytea, ${p(5)})
     ON CONFLICT (id) DO UPDATE SET
       ${fieldColumns.map((c) => `${c} = EXCLUDED.${c}`).join(',\n       ')},
       logo_type = ${keepLogo ? 'provider_profile.logo_type' : 'EXCLUDED.logo_type'},
       logo = ${keepLogo ? 'provider_profile.logo' : 'EXCLUDED.logo'},
       favicon_type = ${keepFavicon ? 'provider_profile.favicon_type' : 'EXCLUDED.favicon_type'},
       favicon = ${keepFavicon ? 'provider_profile.favicon' : 'EXCLUDED.favicon'},
       version = provider_profile.version + 1,
       updated_at = now(),
       updated_by = EXCLUDED.updated_by`,
    params,
  );
}
