import { connectors, validationMessages as m, type PrometheusSource } from '@portal/contract';
import { z } from 'zod';

import type { SaveSourceInput } from '../api/save-source.ts';

/** The staff form's own shape: text inputs; the server checks the rest with the collection's rules. */
export const sourceFormSchema = z.object({
  source_key: z.string().trim().min(1, m.required),
  url: z.string().trim().min(1, m.required),
  auth: z.enum(connectors.prometheusAuthKinds),
  bearer_token: z.string(),
  username: z.string(),
  password: z.string(),
  series: z.array(
    z.object({
      order_number: z.string().trim().min(1, m.required),
      metric: z.string().trim().min(1, m.required),
      object_key: z.string().trim(),
      promql: z.string().trim().min(1, m.required),
    }),
  ),
});
export type SourceFormValues = z.infer<typeof sourceFormSchema>;

export const emptySeries = () => ({ order_number: '', metric: 'if_in_octets', object_key: '', promql: '' });

export const emptySource = (): SourceFormValues => ({
  source_key: '',
  url: '',
  auth: 'none',
  bearer_token: '',
  username: '',
  password: '',
  series: [emptySeries()],
});

/** A held source in the form (its token or password is never there: left blank, the held one stays). */
export const valuesOf = (s: PrometheusSource): SourceFormValues => ({
  source_key: s.source_key,
  url: s.url,
  auth: s.auth,
  bearer_token: '',
  username: s.username ?? '',
  password: '',
  series: s.series.map((x) => ({ ...x })),
});

export const inputOf = (v: SourceFormValues): SaveSourceInput => ({
  source_key: v.source_key,
  url: v.url,
  auth: v.auth,
  ...(v.auth === 'bearer' && v.bearer_token ? { bearer_token: v.bearer_token } : {}),
  ...(v.auth === 'basic' ? { username: v.username, ...(v.password ? { password: v.password } : {}) } : {}),
  series: v.series,
});
