import type { Db } from '../../db/client.ts';

export interface ZoneRow {
  zone_id: number;
  name: string;
}

export interface ZoneLists extends ZoneRow {
  dns_records: { dns_type: string; dns_name: string; content: string; proxied: boolean }[];
  threat_types: { threat_type: string; amount: number }[];
  threat_countries: { country_code: string; country_name: string; amount: number }[];
  firewall_events: { occurred_at: string; action: string; ip: string; country_name: string; host: string }[];
}

/** The zones of an order, by name. */
export const findZones = (db: Db, baseOrderId: number) =>
  db.query<ZoneRow>(
    `SELECT zone_id, object_key AS name FROM dd_zones WHERE base_order_id = $1 ORDER BY object_key, zone_id`,
    [baseOrderId],
  );

/** One zone of an order with its lists (the provider's latest report). */
export const findZone = (db: Db, baseOrderId: number, zoneId: number) =>
  db.one<ZoneLists>(
    `SELECT zone_id, object_key AS name, dns_records, threat_types, threat_countries, firewall_events
       FROM dd_zones WHERE base_order_id = $1 AND zone_id = $2`,
    [baseOrderId, zoneId],
  );

/** One zone of an order, without its lists. */
export const findZoneName = (db: Db, baseOrderId: number, zoneId: number) =>
  db.one<ZoneRow>(`SELECT zone_id, object_key AS name FROM dd_zones WHERE base_order_id = $1 AND zone_id = $2`, [
    baseOrderId,
    zoneId,
  ]);
