import { z } from 'zod';

import { defineCall } from './call.ts';
import { epochSeconds } from './envelope.ts';
import { requiredText } from './fields.ts';
import { prometheusSourceItem } from './integration-items.ts';
import { staffLevel } from './integration.ts';
import { validationMessages as m } from './messages.ts';

/**
 * Prometheus-compatible sources (issue 13, decision 101): the series of an order a source answers
 * with a PromQL expression instead of stored points, listed without their token or password for the
 * provider's tooling (scope metrics) and managed by staff; and the connector status page (every SNMP
 * device and every source, with its last success, last error, activity in the last hour, next run).
 */

export const prometheusAuthKinds = ['none', 'bearer', 'basic'] as const;
export type PrometheusAuthKind = (typeof prometheusAuthKinds)[number];

export const prometheusSeries = z.object({
  order_number: z.string(),
  metric: z.string(),
  object_key: z.string(),
  promql: z.string(),
});
export type PrometheusSeries = z.infer<typeof prometheusSeries>;

export const prometheusSource = z.object({
  source_key: z.string(),
  url: z.string(),
  /** How the portal signs in to the source; the token or password itself is never shown. */
  auth: z.enum(prometheusAuthKinds),
  /** Basic auth only. */
  username: z.string().nullable(),
  series: z.array(prometheusSeries),
  last_success_at: epochSeconds.nullable(),
  last_error: z.string().nullable(),
  last_error_at: epochSeconds.nullable(),
  /** Queries sent to the source in the last hour (chart reads not answered from the cache). */
  queries_last_hour: z.number().int(),
});
export type PrometheusSource = z.infer<typeof prometheusSource>;

const userCodes = ['INVALID_TOKEN', 'EXPIRED_TOKEN', 'FORBIDDEN'] as const;

export const listIntegrationSources = defineCall({
  id: 'connectors.listIntegrationSources',
  summary:
    'The Prometheus-compatible sources and the series they answer, never their token or password (scope metrics).',
  tag: 'integration',
  methods: ['GET'],
  path: '/integration/v1/prometheus-sources',
  input: z.object({}),
  data: z.array(prometheusSource),
  codes: ['SUCCESS', 'UNAUTHORIZED', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'integration', scope: 'metrics' },
});

export const listSources = defineCall({
  id: 'connectors.listSources',
  summary: 'The Prometheus-compatible sources and the series they answer, never their token or password.',
  tag: 'connectors',
  methods: ['GET'],
  path: '/connectors/prometheus-sources',
  input: z.object({}),
  data: z.array(prometheusSource),
  codes: ['SUCCESS', ...userCodes],
  auth: { access: 'user', staffLevel },
});

/**
 * The staff page's form: the item of the prometheus-sources collection, with the sign-in chosen by
 * `auth`; a change that leaves the token or password out keeps the held one (the page never has it).
 */
export const saveSourceInput = z.object({
  // Checked with the collection's item schema, so that every field's error comes back at once.
  source_key: z.string({ error: m.required }).max(64, m.maxlength),
  url: z.string({ error: m.required }).max(500, m.maxlength),
  auth: z.enum(prometheusAuthKinds, { error: m.type }).default('none'),
  bearer_token: z.string({ error: m.type }).max(4000, m.maxlength).optional(),
  username: z.string({ error: m.type }).max(200, m.maxlength).optional(),
  password: z.string({ error: m.type }).max(1000, m.maxlength).optional(),
  series: z.array(z.unknown(), { error: m.type }).max(500, m.maxcheck(500)).default([]),
});
export type SaveSourceInput = z.input<typeof saveSourceInput>;

export const saveSource = defineCall({
  id: 'connectors.saveSource',
  summary:
    'Adds or changes a Prometheus-compatible source (by source_key) and the series it answers; a change without ' +
    'the token or password keeps the held one.',
  tag: 'connectors',
  methods: ['POST'],
  path: '/connectors/prometheus-sources',
  input: saveSourceInput,
  documentedInput: saveSourceInput.extend({ series: prometheusSourceItem.shape.series }),
  data: z.object({ status: z.enum(['created', 'updated', 'unchanged']) }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const removeSource = defineCall({
  id: 'connectors.removeSource',
  summary: 'Removes a Prometheus-compatible source: its series are read from stored points again.',
  tag: 'connectors',
  methods: ['DELETE'],
  path: '/connectors/prometheus-sources/:source_key',
  input: z.object({ source_key: requiredText(64) }),
  data: z.null(),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const connectorStatus = z.object({
  kind: z.enum(['snmp', 'prometheus']),
  /** device_key or source_key. */
  key: z.string(),
  /** The device's address:port, or the source's URL. */
  target: z.string(),
  /** The orders it feeds (order numbers). */
  orders: z.array(z.string()),
  last_success_at: epochSeconds.nullable(),
  last_error: z.string().nullable(),
  last_error_at: epochSeconds.nullable(),
  /** Its last attempt failed: the pages of its orders say their data is delayed. */
  failing: z.boolean(),
  /** Points stored (SNMP) or queries sent (Prometheus) in the last hour. */
  last_hour: z.number().int(),
  last_hour_unit: z.enum(['points', 'queries']),
  /** The next poll; null for a source, which is asked when a chart is read. */
  next_run_at: epochSeconds.nullable(),
});
export type ConnectorStatus = z.infer<typeof connectorStatus>;

export const getConnectorStatus = defineCall({
  id: 'connectors.getStatus',
  summary:
    'Every SNMP device and Prometheus-compatible source: last success, last error, points or queries in the last ' +
    'hour, next run, and whether it is failing.',
  tag: 'connectors',
  methods: ['GET'],
  path: '/connectors/status',
  input: z.object({}),
  data: z.array(connectorStatus),
  codes: ['SUCCESS', ...userCodes],
  auth: { access: 'user', staffLevel },
});
