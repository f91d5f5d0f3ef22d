import { z } from 'zod';

import type { ResultCode } from './codes.ts';

export interface Envelope<T> {
  data: T;
  code: ResultCode;
  message: string;
}

/** Field messages of a VALIDATION_ERROR: `{ field: [message, ...] }`. */
export type FieldErrors = Record<string, string[]>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });

export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** Page number, sent as the `page` query parameter of every paged call. */
export const pageParam = z.coerce.number().int().min(1).max(100000).default(1);
export const sortOrder = z.enum(['asc', 'desc']);
/** Timestamps travel as epoch seconds. */
export const epochSeconds = z.number().int();
