import type { Db } from '../../../db/client.ts';

/**
 * SNMP devices (migration 100, decision 100): configuration, schedule, lease and status. The only code
 * with SQL on snmp_devices and snmp_polls. Times are epoch milliseconds in, epoch seconds out.
 */

export interface SnmpInterfaceRow {
  if_name?: string;
  if_index?: number;
  order_number: string;
  object_key: string;
}

export interface DeviceConfig {
  device_key: string;
  address: string;
  port: number;
  version: '2c' | '3';
  v3_user: string | null;
  v3_auth_protocol: string | null;
  v3_priv_protocol: string | null;
  /** Sealed JSON of the community or the v3 keys. */
  secret: string;
  interval_seconds: number;
  interfaces: SnmpInterfaceRow[];
}

export interface HeldDevice extends DeviceConfig {
  id: number;
  revision: number;
}

/** A device a worker has leased for one poll. */
export interface LeasedDevice extends HeldDevice {
  next_run_ms: number;
}

export interface DeviceStatus {
  device_key: string;
  address: string;
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  points_last_hour: number;
  next_run_at: number;
}

const configColumns = `id, device_key, address, port, version, v3_user, v3_auth_protocol, v3_priv_protocol, secret,
  interval_seconds, interfaces, revision`;

const epoch = (column: string) => `extract(epoch FROM ${column})::bigint`;

/** Points stored in the hour before `nowMs` (defaults to the database's clock), per device. */
const pointsLastHour = (nowParam: string) =>
  `COALESCE((SELECT sum(p.points) FROM snmp_polls p
              WHERE p.device_id = d.id AND p.polled_at > ${nowParam} - interval '1 hour'), 0)::int`;

/**
 * Every device's status: last success, last error, points stored in the last hour and next run (epoch
 * seconds), by device_key. The connectors status page reads this.
 */
export async function snmpDeviceStatuses(db: Db, nowMs?: number): Promise<DeviceStatus[]> {
  const now = nowMs === undefined ? 'now()' : 'to_timestamp($1::float8 / 1000)';
  return db.query<DeviceStatus>(
    `SELECT d.device_key, d.address, ${epoch('d.last_success_at')} AS last_success_at, d.last_error,
            ${epoch('d.last_error_at')} AS last_error_at, ${pointsLastHour(now)} AS points_last_hour,
            ${epoch('d.next_run_at')} AS next_run_at
       FROM snmp_devices d
      ORDER BY d.device_key`,
    nowMs === undefined ? [] : [nowMs],
  );
}

/** Every device with its configuration (secret sealed) and status, for the listings. */
export const listDevices = (db: Db, nowMs: number) =>
  db.query<HeldDevice & Omit<DeviceStatus, 'device_key' | 'address'>>(
    `SELECT ${configColumns.replace(/(^|, )(\w)/g, '$1d.$2')}, ${epoch('d.last_success_at')} AS last_success_at,
            d.last_error, ${epoch('d.last_error_at')} AS last_error_at,
            ${pointsLastHour('to_timestamp($1::float8 / 1000)')} AS points_last_hour,
            ${epoch('d.next_run_at')} AS next_run_at
       FROM snmp_devices d
      ORDER BY d.device_key`,
    [nowMs],
  );

export const findDevice = (db: Db, deviceKey: string) =>
  db.one<HeldDevice>(`SELECT ${configColumns} FROM snmp_devices WHERE device_key = $1 FOR UPDATE`, [deviceKey]);

const configValues = (d: DeviceConfig) => [
  d.address,
  d.port,
  d.version,
  d.v3_user,
  d.v3_auth_protocol,
  d.v3_priv_protocol,
  d.secret,
  d.interval_seconds,
  JSON.stringify(d.interfaces),
];

/** A new device, first polled at `firstRunMs`. */
export async function insertDevice(db: Db, d: DeviceConfig, nowMs: number, firstRunMs: number): Promise<void> {
  await db.query(
    `INSERT INTO snmp_devices (device_key, address, port, version, v3_user, v3_auth_protocol, v3_priv_protocol, secret,
                               interval_seconds, interfaces, created_at, updated_at, next_run_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, to_timestamp($11::float8 / 1000),
             to_timestamp($11::float8 / 1000), to_timestamp($12::float8 / 1000))`,
    [d.device_key, ...configValues(d), nowMs, firstRunMs],
  );
}

/** A changed device: its new configuration, a new revision and its next poll at `nextRunMs` (at the latest). */
export async function updateDevice(db: Db, id: number, d: DeviceConfig, nowMs: number, nextRunMs: number) {
  await db.query(
    `UPDATE snmp_devices
        SET address = $2, port = $3, version = $4, v3_user = $5, v3_auth_protocol = $6, v3_priv_protocol = $7,
            secret = $8, interval_seconds = $9, interfaces = $10::jsonb, revision = revision + 1,
            updated_at = to_timestamp($11::float8 / 1000),
            next_run_at = LEAST(next_run_at, to_timestamp($12::float8 / 1000))
      WHERE id = $1`,
    [id, ...configValues(d), nowMs, nextRunMs],
  );
}

export async function deleteDevice(db: Db, deviceKey: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM snmp_devices WHERE device_key = $1 RETURNING id`, [deviceKey]);
  return rows.length > 0;
}

/**
 * Leases up to `limit` devices due at `nowMs` to `owner` until `leaseUntilMs`: rows another worker is
 * leasing right now are skipped (SKIP LOCKED), and a lease that has not expired is never taken, so
 * each due device goes to exactly one worker. A worker that dies loses its leases when they expire.
 */
export function leaseDue(db: Db, owner: string, nowMs: number, leaseUntilMs: number, limit: number) {
  return db.tx((t) =>
    t.query<LeasedDevice>(
      `UPDATE snmp_devices d
          SET lease_owner = $1, lease_until = to_timestamp($3::float8 / 1000)
        WHERE d.id IN (SELECT id FROM snmp_devices
                        WHERE next_run_at <= to_timestamp($2::float8 / 1000)
                          AND (lease_until IS NULL OR lease_until <= to_timestamp($2::float8 / 1000))
                        ORDER BY next_run_at
                        LIMIT $4
                        FOR UPDATE SKIP LOCKED)
        RETURNING ${configColumns.replace(/(^|, )(\w)/g, '$1d.$2')},
                  (extract(epoch FROM d.next_run_at) * 1000)::float8 AS next_run_ms`,
      [owner, nowMs, leaseUntilMs, limit],
    ),
  );
}

export interface PollOutcome {
  /** When the poll finished. */
  atMs: number;
  /** The next run; kept as the change set it when the device changed during the poll. */
  nextRunMs: number;
  points: number;
  error: string | null;
}

/**
 * Ends a lease with the poll's outcome. Only the lease's owner writes it; a device changed while it was
 * polled (another revision) keeps the next run its change gave it.
 */
export async function finishPoll(db: Db, device: { id: number; revision: number }, owner: string, o: PollOutcome) {
  await db.tx(async (t) => {
    const done = await t.query(
      `UPDATE snmp_devices
          SET lease_owner = NULL, lease_until = NULL,
              next_run_at = CASE WHEN revision = $3 THEN to_timestamp($4::float8 / 1000) ELSE next_run_at END,
              last_success_at = CASE WHEN $6::text IS NULL THEN to_timestamp($5::float8 / 1000) ELSE last_success_at END,
              last_error = CASE WHEN $6::text IS NULL THEN last_error ELSE $6::text END,
              last_error_at = CASE WHEN $6::text IS NULL THEN last_error_at ELSE to_timestamp($5::float8 / 1000) END
        WHERE id = $1 AND lease_owner = $2
        RETURNING id`,
      [device.id, owner, device.revision, o.nextRunMs, o.atMs, o.error],
    );
    if (!done.length) return;
    if (o.points > 0)
      await t.query(
        `INSERT INTO snmp_polls (device_id, polled_at, points) VALUES ($1, to_timestamp($2::float8 / 1000), $3)`,
        [device.id, o.atMs, o.points],
      );
    await t.query(
      `DELETE FROM snmp_polls WHERE device_id = $1 AND polled_at < to_timestamp($2::float8 / 1000) - interval '1 hour'`,
      [device.id, o.atMs],
    );
  });
}

/** Gives back the leases of a worker that stops, so another worker polls its devices at once. */
export async function releaseLeases(db: Db, owner: string): Promise<void> {
  await db.query(`UPDATE snmp_devices SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`, [owner]);
}
