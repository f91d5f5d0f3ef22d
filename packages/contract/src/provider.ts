import { z } from 'zod';

import { defineCall } from './call.ts';
import { supportedLocale } from './display.ts';
import { integrationStaffLevel } from './limits.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The provider's identity (issue 34, decision 123): one profile that names the portal and the company
 * behind it on every page, mail and invoice PDF. Level-3 staff edit it; a deployment may set it in a
 * file or environment variables. Without any, the portal shows a neutral name and says the profile is missing.
 */

/** The staff level of the provider profile page and its calls. */
export const staffLevel = integrationStaffLevel;

/** What the portal calls itself when no profile names it. */
export const neutralPortalName = 'Customer portal';

/** WCAG 2 AA for normal text. */
export const minimumContrast = 4.5;

/** Largest logo or favicon, in bytes of the image itself. */
export const imageMaxBytes = 200 * 1024;

export const imageTypes = ['image/svg+xml', 'image/png'] as const;
export type ImageType = (typeof imageTypes)[number];

const hexColor = /^#[0-9a-f]{6}$/;

/** WCAG 2 relative luminance of an sRGB colour written #rrggbb. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The text colour the portal writes on the profile's colours (header, buttons, the mark). */
export const textOnColor = '#ffffff';

export const contrastMessage = (ratio: number) =>
  `White text on this colour has a contrast of ${ratio.toFixed(2)}:1; WCAG AA needs at least ${minimumContrast}:1. Choose a darker colour.`;

/** A colour white text can sit on: #rrggbb (lower case), refused below 4.5:1. */
const brandColor = z
  .string({ error: m.required })
  .trim()
  .toLowerCase()
  .max(64, m.maxlength)
  .regex(hexColor, 'This value should be a colour written #rrggbb.')
  .superRefine((value, ctx) => {
    const ratio = contrastRatio(value, textOnColor);
    if (ratio < minimumContrast) ctx.addIssue({ code: 'custom', message: contrastMessage(ratio) });
  });

const text = (max: number) => z.string({ error: m.type }).trim().max(max, m.maxlength).default('');
const required = (max: number) => z.string({ error: m.required }).trim().min(1, m.required).max(max, m.maxlength);
const optionalEmail = z
  .string({ error: m.type })
  .trim()
  .max(254, m.maxlength)
  .refine((v) => v === '' || z.email().safeParse(v).success, m.email)
  .transform((v) => v.toLowerCase())
  .default('');
const website = z
  .string({ error: m.type })
  .trim()
  .max(300, m.maxlength)
  .refine((v) => v === '' || z.url({ protocol: /^https?$/ }).safeParse(v).success, m.url)
  .default('');
const locale = z
  .string({ error: m.type })
  .trim()
  .max(35, m.maxlength)
  .refine((v) => v === '' || supportedLocale(v) === v, 'This value should be a locale such as en-US or de-DE.')
  .default('');

/** The profile's text fields: what a staff member types, the deployment's file holds or PROVIDER_* set. */
export const profileFields = z.object({
  portal_name: required(80),
  company_name: required(160),
  /** One line per line of the letterhead. */
  postal_address: text(400),
  tax_id: text(80),
  website,
  support_email: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .max(254, m.maxlength)
    .pipe(z.email({ error: m.email }))
    .transform((v) => v.toLowerCase()),
  support_phone: text(40),
  billing_email: optionalEmail,
  billing_phone: text(40),
  primary_color: brandColor,
  accent_color: brandColor,
  /** The name mail is sent under; empty: the portal name. */
  mail_from_name: text(120),
  /** The address mail is sent from; empty: MAIL_FROM, else no-reply at PUBLIC_URL's host. */
  mail_from_address: optionalEmail,
  /** Closing lines of every mail (the signature); empty: the portal and company name. */
  mail_footer: text(600),
  /** Dates and numbers (decision 120); empty: the deployment's PORTAL_LOCALE. */
  locale,
});
export type ProfileFields = z.infer<typeof profileFields>;

/**
 * An image as the form sends it: a data URL of an SVG or PNG (base64). The server checks the PNG's
 * signature and sanitizes the SVG; null removes the image, leaving it out keeps the one held.
 */
const imageUpload = z
  .string({ error: m.type })
  .max(Math.ceil((imageMaxBytes * 4) / 3) + 64, 'The image should be at most 200 KB.')
  .regex(/^data:image\/(svg\+xml|png);base64,[A-Za-z0-9+/]+=*$/, 'The image should be an SVG or PNG file.')
  .nullable()
  .optional();

export const saveProfileInput = profileFields.extend({ logo: imageUpload, favicon: imageUpload });
export type SaveProfileInput = z.input<typeof saveProfileInput>;

/** Where the profile in force comes from. */
export const profileSources = ['saved', 'deployment', 'none'] as const;

/** What every page knows of the provider: no secrets, sent with every document. */
export const publicProfile = z.object({
  portal_name: z.string(),
  company_name: z.string(),
  postal_address: z.array(z.string()),
  tax_id: z.string(),
  website: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  /** The billing desk: the profile's billing contact, the support one where it has none. */
  billing_email: z.string(),
  billing_phone: z.string(),
  primary_color: z.string(),
  accent_color: z.string(),
  locale: z.string(),
  /** The logo's address (changes with every save), null for the portal's own mark. */
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  /** No profile saved and none set at deployment: the portal shows a neutral name. */
  missing: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** The fields as held: a portal without a profile has empty ones where a saved profile needs a value. */
const heldFields = z.object({
  portal_name: z.string(),
  company_name: z.string(),
  postal_address: z.string(),
  tax_id: z.string(),
  website: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  billing_email: z.string(),
  billing_phone: z.string(),
  primary_color: z.string(),
  accent_color: z.string(),
  mail_from_name: z.string(),
  mail_from_address: z.string(),
  mail_footer: z.string(),
  locale: z.string(),
}) satisfies z.ZodType<ProfileFields>;

export const staffProfile = z.object({
  fields: heldFields,
  source: z.enum(profileSources),
  /** The locale in force when the profile leaves it empty (PORTAL_LOCALE). */
  deployment_locale: z.string(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  updated_at: z.number().int().nullable(),
});
export type StaffProfile = z.infer<typeof staffProfile>;

const staffCodes = ['SUCCESS', 'VALIDATION_ERROR', 'INVALID_TOKEN', 'EXPIRED_TOKEN', 'FORBIDDEN'] as const;

export const getPublicProfile = defineCall({
  id: 'provider.getPublicProfile',
  summary: "The provider's name, contacts, colours and locale, as every page shows them.",
  tag: 'provider',
  methods: ['GET'],
  path: '/provider/profile',
  input: z.object({}),
  data: publicProfile,
  codes: ['SUCCESS'],
  auth: { access: 'public' },
});

export const getLogo = defineCall({
  id: 'provider.getLogo',
  summary: "The provider's logo (SVG or PNG as uploaded; the SVG sanitized).",
  tag: 'provider',
  methods: ['GET'],
  path: '/provider/logo',
  input: z.object({ v: z.string().max(20).optional() }),
  data: null,
  binary: 'image/*',
  codes: ['SUCCESS', 'NOT_FOUND'],
  auth: { access: 'public' },
});

export const getFavicon = defineCall({
  id: 'provider.getFavicon',
  summary: "The provider's favicon (SVG or PNG as uploaded; the SVG sanitized).",
  tag: 'provider',
  methods: ['GET'],
  path: '/provider/favicon',
  input: z.object({ v: z.string().max(20).optional() }),
  data: null,
  binary: 'image/*',
  codes: ['SUCCESS', 'NOT_FOUND'],
  auth: { access: 'public' },
});

export const getProfile = defineCall({
  id: 'provider.getProfile',
  summary: 'The provider profile in force and where it comes from (saved, deployment settings, none).',
  tag: 'provider',
  methods: ['GET'],
  path: '/admin/provider-profile',
  input: z.object({}),
  data: staffProfile,
  codes: staffCodes,
  auth: { access: 'user', staffLevel },
});

export const saveProfile = defineCall({
  id: 'provider.saveProfile',
  summary:
    'Saves the provider profile: every API process shows it within seconds. Colours white text fails 4.5:1 on are refused.',
  tag: 'provider',
  methods: ['POST'],
  path: '/admin/provider-profile',
  input: saveProfileInput,
  data: staffProfile,
  codes: staffCodes,
  auth: { access: 'user', staffLevel },
});
