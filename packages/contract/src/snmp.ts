import { z } from 'zod';

import { defineCall } from './call.ts';
import { epochSeconds } from './envelope.ts';
import { requiredText } from './fields.ts';
import { snmpAuthProtocols, snmpDeviceFields, snmpPrivProtocols } from './integration-items.ts';
import { staffLevel } from './integration.ts';

/**
 * SNMP devices the poller reads (issue 13): listed without their secrets for the provider's tooling
 * (scope metrics) and managed by staff (the level that manages integration tokens).
 */

export const snmpDevice = z.object({
  device_key: z.string(),
  address: z.string(),
  port: z.number().int(),
  version: z.enum(['2c', '3']),
  /** A community is held (never shown). */
  has_community: z.boolean(),
  /** v3 user and protocols; the keys are never shown. */
  v3: z
    .object({
      user: z.string(),
      auth_protocol: z.enum(snmpAuthProtocols).nullable(),
      priv_protocol: z.enum(snmpPrivProtocols).nullable(),
      has_auth_key: z.boolean(),
      has_priv_key: z.boolean(),
    })
    .nullable(),
  interval_seconds: z.number().int(),
  interfaces: z.array(
    z.object({
      if_name: z.string().nullable(),
      if_index: z.number().int().nullable(),
      order_number: z.string(),
      object_key: z.string(),
    }),
  ),
  last_success_at: epochSeconds.nullable(),
  last_error: z.string().nullable(),
  last_error_at: epochSeconds.nullable(),
  next_run_at: epochSeconds,
  points_last_hour: z.number().int(),
});
export type SnmpDevice = z.infer<typeof snmpDevice>;

const userCodes = ['INVALID_TOKEN', 'EXPIRED_TOKEN', 'FORBIDDEN'] as const;

export const listIntegrationDevices = defineCall({
  id: 'snmp.listIntegrationDevices',
  summary: 'The SNMP devices the poller reads, with their status, never their community or v3 keys (scope metrics).',
  tag: 'integration',
  methods: ['GET'],
  path: '/integration/v1/snmp-devices',
  input: z.object({}),
  data: z.array(snmpDevice),
  codes: ['SUCCESS', 'UNAUTHORIZED', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'integration', scope: 'metrics' },
});

export const listDevices = defineCall({
  id: 'snmp.listDevices',
  summary: 'The SNMP devices the poller reads, with their status, never their community or v3 keys.',
  tag: 'connectors',
  methods: ['GET'],
  path: '/connectors/snmp-devices',
  input: z.object({}),
  data: z.array(snmpDevice),
  codes: ['SUCCESS', ...userCodes],
  auth: { access: 'user', staffLevel },
});

/**
 * Adds or changes a device by device_key. The community and v3 keys may be left out when changing a
 * device: the held ones are kept (the page never has them to send back).
 */
export const saveDevice = defineCall({
  id: 'snmp.saveDevice',
  summary: 'Adds or changes an SNMP device (by device_key); a change without community or v3 keys keeps the held ones.',
  tag: 'connectors',
  methods: ['POST'],
  path: '/connectors/snmp-devices',
  input: snmpDeviceFields,
  data: z.object({ status: z.enum(['created', 'updated', 'unchanged']) }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const removeDevice = defineCall({
  id: 'snmp.removeDevice',
  summary: 'Removes an SNMP device: the poller stops reading it (points already stored stay).',
  tag: 'connectors',
  methods: ['DELETE'],
  path: '/connectors/snmp-devices/:device_key',
  input: z.object({ device_key: requiredText(64) }),
  data: z.null(),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', ...userCodes],
  auth: { access: 'user', staffLevel },
});
