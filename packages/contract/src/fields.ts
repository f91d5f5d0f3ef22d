import { z } from 'zod';

import { validationMessages as m } from './messages.ts';

/** Field rules shared by forms and the server, each failing with the spec's default message. */
export const requiredText = (max = 255) =>
  z.string({ error: m.required }).trim().min(1, m.required).max(max, m.maxlength);

export const optionalText = (max = 255) => z.string({ error: m.type }).trim().max(max, m.maxlength).optional();

export const email = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(254, m.maxlength)
  .pipe(z.email({ error: m.email }))
  .transform((value) => value.toLowerCase());

/** A password as typed at sign-in: never trimmed, never checked against policy here. */
export const passwordAttempt = z.string({ error: m.required }).min(1, m.required).max(200, m.maxlength);

export const id = z.coerce.number({ error: m.integer }).int(m.integer).positive(m.integer).max(2147483647, m.integer);

export const optionalId = z.preprocess((value) => (value === '' || value === null ? undefined : value), id.optional());

export const digits = (max = 32) =>
  z.string({ error: m.required }).trim().min(1, m.required).max(max, m.maxlength).regex(/^\d+$/, m.digits);

export const searchText = z.string().trim().max(100, m.maxlength).optional();

export const perPage = (fallback: number) =>
  z.coerce.number({ error: m.integer }).int(m.integer).min(1, m.min(1)).max(100, m.max(100)).default(fallback);
