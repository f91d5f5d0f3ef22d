import { integration, validationMessages as m, type SnmpDevice } from '@portal/contract';
import { z } from 'zod';

import type { SaveDeviceInput } from '../api/save-device.ts';

/** The staff form's own shape: text inputs, one "interface" field taking a name or an ifIndex. */
export const deviceFormSchema = z.object({
  device_key: z.string().trim().min(1, m.required),
  address: z.string().trim().min(1, m.required),
  port: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, m.integer),
  version: z.enum(['2c', '3']),
  community: z.string(),
  v3_user: z.string(),
  auth_protocol: z.enum(['', ...integration.snmpAuthProtocols]),
  auth_key: z.string(),
  priv_protocol: z.enum(['', ...integration.snmpPrivProtocols]),
  priv_key: z.string(),
  interval_seconds: z.string().trim().regex(/^\d+$/, m.integer),
  interfaces: z
    .array(
      z.object({
        iface: z.string().trim().min(1, m.required),
        order_number: z.string().trim().min(1, m.required),
        object_key: z.string().trim().regex(/^\d+$/, m.digits),
      }),
    )
    .min(1, m.mincheck(1)),
});
export type DeviceFormValues = z.infer<typeof deviceFormSchema>;
type AuthProtocol = (typeof integration.snmpAuthProtocols)[number];
type PrivProtocol = (typeof integration.snmpPrivProtocols)[number];

export const emptyDevice = (): DeviceFormValues => ({
  device_key: '',
  address: '',
  port: '161',
  version: '2c',
  community: '',
  v3_user: '',
  auth_protocol: '',
  auth_key: '',
  priv_protocol: '',
  priv_key: '',
  interval_seconds: String(integration.snmpDefaultInterval),
  interfaces: [{ iface: '', order_number: '', object_key: '' }],
});

/** A listed device in the form: its secrets blank (the page never has them; blank keeps them). */
export const valuesOf = (d: SnmpDevice): DeviceFormValues => ({
  ...emptyDevice(),
  device_key: d.device_key,
  address: d.address,
  port: String(d.port),
  version: d.version,
  v3_user: d.v3?.user ?? '',
  auth_protocol: d.v3?.auth_protocol ?? '',
  priv_protocol: d.v3?.priv_protocol ?? '',
  interval_seconds: String(d.interval_seconds),
  interfaces: d.interfaces.map((i) => ({
    iface: i.if_name ?? String(i.if_index ?? ''),
    order_number: i.order_number,
    object_key: i.object_key,
  })),
});

/** The call's input: an interface given as digits is an ifIndex, anything else its name. */
export function inputOf(v: DeviceFormValues): SaveDeviceInput {
  const optional = (value: string) => (value === '' ? undefined : value);
  return {
    device_key: v.device_key,
    address: v.address,
    port: Number(v.port),
    version: v.version,
    interval_seconds: Number(v.interval_seconds),
    ...(v.version === '2c' && v.community !== '' ? { community: v.community } : {}),
    ...(v.version === '3'
      ? {
          v3: {
            user: v.v3_user,
            auth_protocol: optional(v.auth_protocol) as AuthProtocol | undefined,
            auth_key: optional(v.auth_key),
            priv_protocol: optional(v.priv_protocol) as PrivProtocol | undefined,
            priv_key: optional(v.priv_key),
          },
        }
      : {}),
    interfaces: v.interfaces.map((i) => ({
      ...(/^\d+$/.test(i.iface) ? { if_index: Number(i.iface) } : { if_name: i.iface }),
      order_number: i.order_number,
      object_key: i.object_key,
    })),
  };
}
