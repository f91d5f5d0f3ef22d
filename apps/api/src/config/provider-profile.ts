import { readFileSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';

import { provider as contract, type ProfileFields } from '@portal/contract';
import { z } from 'zod';

import { checkImage } from '../modules/provider/images.ts';
import type { HeldImage } from '../modules/provider/provider.repository.ts';

/**
 * The provider profile a deployment sets (decision 123), read with the rest of the configuration in
 * env.ts: PROVIDER_PROFILE_FILE (JSON, the profile's field names; "logo" and "favicon" as paths of SVG
 * or PNG files beside it) and a PROVIDER_* variable per text field, each over the file's value.
 */

/** Each PROVIDER_* variable and the profile field it sets. */
export const providerVariableFields = {
  PROVIDER_PORTAL_NAME: 'portal_name',
  PROVIDER_COMPANY_NAME: 'company_name',
  PROVIDER_POSTAL_ADDRESS: 'postal_address',
  PROVIDER_TAX_ID: 'tax_id',
  PROVIDER_WEBSITE: 'website',
  PROVIDER_SUPPORT_EMAIL: 'support_email',
  PROVIDER_SUPPORT_PHONE: 'support_phone',
  PROVIDER_BILLING_EMAIL: 'billing_email',
  PROVIDER_BILLING_PHONE: 'billing_phone',
  PROVIDER_PRIMARY_COLOR: 'primary_color',
  PROVIDER_ACCENT_COLOR: 'accent_color',
  PROVIDER_MAIL_FROM_NAME: 'mail_from_name',
  PROVIDER_MAIL_FOOTER: 'mail_footer',
} as const satisfies Record<string, keyof ProfileFields>;

type ProviderVariable = keyof typeof providerVariableFields;

/** Schema entries of env.ts for the PROVIDER_* variables (a postal address's lines separated by "\n" or " | "). */
export const providerVariables = Object.fromEntries(
  Object.keys(providerVariableFields).map((name) => [name, z.string().optional()]),
) as Record<ProviderVariable, z.ZodOptional<z.ZodString>>;

/** The colours of a deployment that names itself but not its colours. */
export const neutralColors = { primary_color: '#334155', accent_color: '#0f766e' } as const;

export interface DeploymentProfile {
  fields: ProfileFields;
  logo: HeldImage | null;
  favicon: HeldImage | null;
}

const imageTypes = { '.svg': 'image/svg+xml', '.png': 'image/png' } as const;

function readImageFile(base: string, path: unknown, name: string): HeldImage | null | { error: string } {
  if (path === undefined || path === null || path === '') return null;
  if (typeof path !== 'string') return { error: `${name}: a path of an SVG or PNG file` };
  const type = imageTypes[extname(path).toLowerCase() as keyof typeof imageTypes] as
    (typeof imageTypes)[keyof typeof imageTypes] | undefined;
  if (!type) return { error: `${name}: a path of an SVG or PNG file` };
  let bytes: Buffer;
  try {
    bytes = readFileSync(resolve(base, path));
  } catch (error) {
    return { error: `${name}: cannot read ${path} (${(error as Error).message})` };
  }
  const image = checkImage(type, bytes);
  return 'error' in image ? { error: `${name}: ${image.error}` } : image;
}

/**
 * The deployment's profile from the parsed variables: null when neither the file nor any PROVIDER_*
 * variable is set; the problems, each naming its variable or the file's field, when it is not a whole one.
 */
export function deploymentProfile(
  env: Partial<Record<ProviderVariable | 'PROVIDER_PROFILE_FILE', string | undefined>>,
): DeploymentProfile | { problems: string[] } | null {
  const file = env.PROVIDER_PROFILE_FILE;
  const given = (Object.keys(providerVariableFields) as ProviderVariable[]).filter((name) => env[name] !== undefined);
  if (!file && given.length === 0) return null;

  let fromFile: Record<string, unknown> = {};
  if (file) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a JSON object');
      fromFile = parsed as Record<string, unknown>;
    } catch (error) {
      return {
        problems: [`PROVIDER_PROFILE_FILE: cannot read ${file} as a JSON object (${(error as Error).message})`],
      };
    }
  }
  const source: Record<string, unknown> = { ...neutralColors, ...fromFile };
  for (const name of given) {
    const value = env[name] as string;
    source[providerVariableFields[name]] =
      name === 'PROVIDER_POSTAL_ADDRESS' ? value.split(/\s*\|\s*|\\n/).join('\n') : value;
  }
  const variableOf = (field: string) =>
    given.find((name) => providerVariableFields[name] === field) ??
    (file ? `PROVIDER_PROFILE_FILE (${field})` : `PROVIDER_${field.toUpperCase()}`);

  const problems: string[] = [];
  const parsed = contract.profileFields.safeParse(source);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(`${variableOf(String(issue.path[0]))}: ${issue.message}`);
  }
  const base = file ? dirname(resolve(file)) : process.cwd();
  const logo = readImageFile(base, fromFile.logo, 'PROVIDER_PROFILE_FILE (logo)');
  const favicon = readImageFile(base, fromFile.favicon, 'PROVIDER_PROFILE_FILE (favicon)');
  for (const image of [logo, favicon]) if (image && 'error' in image) problems.push(image.error);
  if (problems.length || !parsed.success) return { problems };
  return {
    fields: parsed.data,
    logo: logo as HeldImage | null,
    favicon: favicon as HeldImage | null,
  };
}
