import type { integration } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

type Kind = integration.ProductObjectItem['kind'];

type Column = readonly [column: string, type: 'text' | 'number' | 'time' | 'json'];
const text = (column: string): Column => [column, 'text'];
const number = (column: string): Column => [column, 'number'];
/** A timestamptz held as the item's canonical UTC ISO form (rfc3339 in integration-items.ts). */
const time = (column: string): Column => [column, 'time'];
/** A list attribute held as jsonb (a security zone's DNS records, threats and firewall events). */
const json = (column: string): Column => [column, 'json'];
const sqlOf = ([column, type]: Column) =>
  type === 'number'
    ? `${column}::float8`
    : type === 'time'
      ? `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : column;

/**
 * Where each kind is held: its table, the column holding its object_key, and the column of each
 * attribute (decision 094). Identifiers are these constants only, never input.
 */
const stores: Record<Kind, { table: string; key: string; columns: Record<string, Column> }> = {
  network_interface: {
    table: 'network_interfaces',
    key: 'object_key',
    columns: {
      name: text('name'),
      alias: text('alias'),
      snmpiftype: number('snmpiftype'),
      speed_bps: number('speed_bps'),
    },
  },
  storage_bucket: {
    table: 'ob_buckets',
    key: 'bucket',
    columns: { size_bytes: number('size'), num_objects: number('num_objects') },
  },
  resource_pool_vm: {
    table: 'resource_pool_vms',
    key: 'name',
    columns: { memory_bytes: number('memory_bytes'), number_of_cpus: number('number_of_cpus') },
  },
  storage_profile: { table: 'storage_profiles', key: 'object_key', columns: {} },
  managed_backup: { table: 'bs_managed_backups', key: 'resource_hash', columns: { title: text('title') } },
  endpoint_agent: {
    table: 'eb_agent_clients',
    key: 'client_name',
    columns: {
      os: text('os'),
      agent_version: text('agent_version'),
      total_bytes_protected: number('total_bytes_protected'),
      backup_count: number('backup_count'),
      failed_backup_count: number('failed_backup_count'),
      last_backup: time('last_backup'),
      last_backup_status: text('last_backup_status'),
    },
  },
  endpoint_image_machine: {
    table: 'eb_image_machines',
    key: 'vm_name',
    columns: {
      os: text('os'),
      total_local_storage_bytes: number('total_local_storage_bytes'),
      total_snapshots: number('total_snapshots'),
      missed_snapshots: number('missed_snapshots'),
      last_snapshot: time('last_snapshot'),
      last_snapshot_status: text('last_snapshot_status'),
    },
  },
  security_zone: {
    table: 'dd_zones',
    key: 'object_key',
    columns: {
      dns_records: json('dns_records'),
      threat_types: json('threat_types'),
      threat_countries: json('threat_countries'),
      firewall_events: json('firewall_events'),
    },
  },
  dr_protection_group: {
    table: 'dr_protection_groups',
    key: 'object_key',
    columns: {
      configured_rpo_seconds: number('configured_rpo_seconds'),
      status: text('status'),
      last_test: time('last_test'),
    },
  },
  dr_vm: { table: 'dr_vms', key: 'object_key', columns: { vm_name: text('vm_name'), vpg: text('vpg') } },
};

/** The order an item names, with the controller of its product (which page shows its objects). */
export const findOrder = (db: Db, orderNumber: string) =>
  db.one<{ base_order_id: number; product_controller: string }>(
    `SELECT o.base_order_id, p.product_controller
       FROM orders o JOIN products p ON p.product_cd = o.product_cd
      WHERE o.order_number = $1`,
    [orderNumber],
  );

/**
 * The attributes the portal holds for an object, in the item's canonical shape (bigints as float8:
 * the schema keeps them within 2^53, so exact), or undefined when it holds none.
 */
export async function readAttributes(db: Db, baseOrderId: number, kind: Kind, objectKey: string) {
  const { table, key, columns } = stores[kind];
  const fields = Object.entries(columns).map(([attribute, column]) => `'${attribute}', ${sqlOf(column)}`);
  const row = await db.one<{ attributes: Record<string, unknown> }>(
    `SELECT json_build_object(${fields.join(', ')}) AS attributes FROM ${table} WHERE base_order_id = $1 AND ${key} = $2`,
    [baseOrderId, objectKey],
  );
  return row?.attributes;
}

/** Whether an order has a protection group with this key (a dr_vm's vpg names one). */
export const hasProtectionGroup = async (db: Db, baseOrderId: number, objectKey: string) =>
  (await db.one(`SELECT 1 AS found FROM dr_protection_groups WHERE base_order_id = $1 AND object_key = $2`, [
    baseOrderId,
    objectKey,
  ])) !== undefined;

/** Writes an object's attributes: a new row, or the held row of this order and key updated. */
export async function writeObject(
  db: Db,
  baseOrderId: number,
  item: integration.ProductObjectItem,
  exists: boolean,
): Promise<void> {
  const { table, key, columns } = stores[item.kind];
  const attributes = item.attributes as Record<string, unknown>;
  const names = Object.keys(columns);
  const isJson = (a: string) => columns[a]![1] === 'json';
  const values = names.map((a) => (isJson(a) ? JSON.stringify(attributes[a] ?? []) : (attributes[a] ?? null)));
  const param = (a: string, n: number) => (isJson(a) ? `$${n}::jsonb` : `$${n}`);
  if (exists) {
    if (names.length === 0) return;
    const sets = names.map((a, i) => `${columns[a]![0]} = ${param(a, i + 3)}`);
    await db.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE base_order_id = $1 AND ${key} = $2`, [
      baseOrderId,
      item.object_key,
      ...values,
    ]);
    return;
  }
  const cols = ['base_order_id', key, ...names.map((a) => columns[a]![0])];
  const params = ['$1', '$2', ...names.map((a, i) => param(a, i + 3))];
  if (item.kind === 'managed_backup') {
    // Managed backup ids are chosen by their writer (the demo seed picks its own, with no sequence):
    // the next after the highest, under a lock so that two items applied side by side never pick one id.
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('bs_managed_backups.id'))`);
    cols.push('id');
    params.push('(SELECT COALESCE(max(id), 0) + 1 FROM bs_managed_backups)');
  }
  await db.query(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${params.join(', ')})`, [
    baseOrderId,
    item.object_key,
    ...values,
  ]);
}
