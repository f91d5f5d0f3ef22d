import { integration, type SnmpDevice } from '@portal/contract';

import type { Db } from '../../../db/client.ts';
import { invalid } from '../../../lib/errors.ts';
import { seal, unseal } from '../../../lib/sealed.ts';
import { nextRunAfter } from './schedule.ts';
import {
  findDevice,
  insertDevice,
  listDevices,
  updateDevice,
  type DeviceConfig,
  type HeldDevice,
  type SnmpInterfaceRow,
} from './snmp.repository.ts';

type Item = integration.SnmpDeviceItem;
const { secretForTargetMessage } = integration;

/** What is sealed of a device: its community (2c) or its v3 keys (3). */
export interface DeviceSecrets {
  community?: string;
  auth_key?: string;
  priv_key?: string;
}

/** Binds a sealed secret to its device: copied into another device's row, it does not open. */
const aadOf = (deviceKey: string) => `snmp-device:${deviceKey}`;

export const sealSecrets = (key: Buffer, deviceKey: string, secrets: DeviceSecrets) =>
  seal(key, JSON.stringify(secrets), aadOf(deviceKey));

export const openSecrets = (key: Buffer, device: Pick<DeviceConfig, 'device_key' | 'secret'>): DeviceSecrets =>
  JSON.parse(unseal(key, device.secret, aadOf(device.device_key))) as DeviceSecrets;

const secretsOf = (item: Item): DeviceSecrets =>
  item.version === '2c'
    ? { community: item.community as string }
    : {
        ...(item.v3?.auth_key ? { auth_key: item.v3.auth_key } : {}),
        ...(item.v3?.priv_key ? { priv_key: item.v3.priv_key } : {}),
      };

const interfacesOf = (item: Item): SnmpInterfaceRow[] =>
  item.interfaces.map((i) => ({
    ...(i.if_name !== undefined ? { if_name: i.if_name } : {}),
    ...(i.if_index !== undefined ? { if_index: i.if_index } : {}),
    order_number: i.order_number,
    object_key: i.object_key,
  }));

/** A device's configuration as stored, from an item (secrets sealed under `key`). */
export const configOf = (key: Buffer, item: Item): DeviceConfig => ({
  device_key: item.device_key,
  address: item.address,
  port: item.port,
  version: item.version,
  v3_user: item.version === '3' ? (item.v3?.user ?? null) : null,
  v3_auth_protocol: item.version === '3' ? (item.v3?.auth_protocol ?? null) : null,
  v3_priv_protocol: item.version === '3' ? (item.v3?.priv_protocol ?? null) : null,
  secret: sealSecrets(key, item.device_key, secretsOf(item)),
  interval_seconds: item.interval_seconds,
  interfaces: interfacesOf(item),
});

/** Everything that defines a device, secrets opened: two equal forms mean nothing changed. */
const comparable = (key: Buffer, d: DeviceConfig) =>
  JSON.stringify([
    d.address,
    d.port,
    d.version,
    d.v3_user,
    d.v3_auth_protocol,
    d.v3_priv_protocol,
    openSecrets(key, d),
    d.interval_seconds,
    d.interfaces.map((i) => [i.if_name ?? null, i.if_index ?? null, i.order_number, i.object_key]),
  ]);

/**
 * Adds or changes a device by device_key (inside the caller's transaction). A new device's first poll
 * is the next time of its phase (within one interval); a changed one's is that time too, unless it was
 * due sooner.
 */
export async function saveDevice(
  db: Db,
  key: Buffer,
  item: Item,
  nowMs: number,
): Promise<'created' | 'updated' | 'unchanged'> {
  const held = await findDevice(db, item.device_key);
  const config = configOf(key, item);
  const nextRun = nextRunAfter(nowMs, item.interval_seconds, item.device_key);
  if (!held) {
    await insertDevice(db, config, nowMs, nextRun);
    return 'created';
  }
  if (comparable(key, held) === comparable(key, config)) return 'unchanged';
  await updateDevice(db, held.id, config, nowMs, nextRun);
  return 'updated';
}

/**
 * The staff form cannot send back secrets it was never shown: a change that leaves them out keeps the
 * held ones (when the version is the same). A held secret goes only to the address and port it was
 * saved for: a change of either that leaves it out is refused on the secret's field (decision 113).
 * Answers the item to save.
 */
export async function withHeldSecrets(
  db: Db,
  key: Buffer,
  input: Omit<Item, 'community' | 'v3'> & { community?: string; v3?: Item['v3'] },
): Promise<unknown> {
  const held = await findDevice(db, input.device_key);
  if (!held || held.version !== input.version) return input;
  const secrets = openSecrets(key, held);
  const v3 = input.v3;
  const kept = {
    community: input.version === '2c' && input.community === undefined && secrets.community !== undefined,
    'v3.auth_key': Boolean(v3?.auth_protocol && !v3.auth_key && secrets.auth_key),
    'v3.priv_key': Boolean(v3?.priv_protocol && !v3.priv_key && secrets.priv_key),
  };
  if (held.address !== input.address || held.port !== input.port) {
    const fields = Object.entries(kept).filter(([, keeps]) => keeps);
    if (fields.length) throw invalid(Object.fromEntries(fields.map(([field]) => [field, [secretForTargetMessage]])));
  }
  if (input.version === '2c') return { ...input, community: input.community ?? secrets.community };
  if (!v3) return input;
  return {
    ...input,
    v3: {
      ...v3,
      ...(kept['v3.auth_key'] ? { auth_key: secrets.auth_key } : {}),
      ...(kept['v3.priv_key'] ? { priv_key: secrets.priv_key } : {}),
    },
  };
}

/** Every device as the listings show it: never the community or v3 keys, only whether they are held. */
export async function listDevicesWithoutSecrets(db: Db, key: Buffer, nowMs: number): Promise<SnmpDevice[]> {
  const rows = await listDevices(db, nowMs);
  return rows.map((d) => {
    const secrets = heldSecretsOf(key, d);
    return {
      device_key: d.device_key,
      address: d.address,
      port: d.port,
      version: d.version,
      has_community: d.version === '2c' && Boolean(secrets.community),
      v3:
        d.version === '3'
          ? {
              user: d.v3_user ?? '',
              auth_protocol: (d.v3_auth_protocol as never) ?? null,
              priv_protocol: (d.v3_priv_protocol as never) ?? null,
              has_auth_key: Boolean(secrets.auth_key),
              has_priv_key: Boolean(secrets.priv_key),
            }
          : null,
      interval_seconds: d.interval_seconds,
      interfaces: d.interfaces.map((i) => ({
        if_name: i.if_name ?? null,
        if_index: i.if_index ?? null,
        order_number: i.order_number,
        object_key: i.object_key,
      })),
      last_success_at: d.last_success_at,
      last_error: d.last_error,
      last_error_at: d.last_error_at,
      next_run_at: d.next_run_at,
      points_last_hour: d.points_last_hour,
    };
  });
}

/** The secrets of a listed device; none when they do not open (another key): the listing still answers. */
function heldSecretsOf(key: Buffer, d: HeldDevice): DeviceSecrets {
  try {
    return openSecrets(key, d);
  } catch {
    return {};
  }
}
