import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messages, validationMessages as m, type productsDd } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from '../integration/kit.ts';
import { checkTable, expectNotFound, getCall, orderOf } from './kit.ts';

/** Web and app security (dd): orders-dd/get-dd-zones, get-order-dd, get-dd-stats, get-threat-countries. */

let t: TestApp;
let customer: string;
let dd: number;
let theirs: number;
let ob: number;
let zones: productsDd.SecurityZone[];
let theirZone: number;
let now: number;
const day = 86400;

/** A call as the demo customer, or with `null` as nobody. */
const get = (path: string, query: Record<string, string | number>, token: string | null = customer) =>
  getCall(t, `orders-dd/${path}`, query, token ?? undefined);

const zoneIdsOf = async (baseOrderId: number) =>
  (
    await t.db.query<{ zone_id: number }>('SELECT zone_id FROM dd_zones WHERE base_order_id = $1 ORDER BY zone_id', [
      baseOrderId,
    ])
  ).map((r) => r.zone_id);

/** The sum of a zone's daily points of a metric over the 30 days ending now, straight from the table. */
const rawSum = async (baseOrderId: number, metric: string, zone: string) =>
  Number(
    (
      await t.db.one<{ total: number | null }>(
        `SELECT sum(r.value)::float8 AS total FROM metric_raw r JOIN metric_series s ON s.series_id = r.series_id
          WHERE s.base_order_id = $1 AND s.metric = $2 AND s.labels->>'object_key' = $3
            AND r.ts >= to_timestamp($4) AND r.ts <= to_timestamp($5)`,
        [baseOrderId, metric, zone, now - 30 * day, now],
      )
    )?.total ?? 0,
  );

beforeAll(async () => {
  t = await createTestApp();
  now = Math.floor(t.clock.now() / 1000);
  customer = await t.signIn(demoEmails.customer);
  dd = await orderOf(t, demoEmails.customer, 'dd');
  theirs = await orderOf(t, demoEmails.customer, 'dd', true);
  ob = await orderOf(t, demoEmails.customer, 'ob');
  theirZone = (await zoneIdsOf(theirs))[0] ?? 0;
  const res = await get('get-dd-zones', { baseOrderId: dd });
  zones = (res.body.data as productsDd.DdZones).zones;
});
afterAll(() => t.close());

describe('get-dd-zones', () => {
  it("lists the order's zones with their 30-day totals from the series", async () => {
    const res = await get('get-dd-zones', { baseOrderId: dd });
    expect(res.status).toBe(200);
    const data = res.body.data as productsDd.DdZones;
    expect(data.base_order_id).toBe(dd);
    expect(data.zones.length).toBeGreaterThanOrEqual(2);
    expect(data.zones.map((z) => z.zone_id).sort()).toEqual((await zoneIdsOf(dd)).sort());
    const first = data.zones[0] as productsDd.SecurityZone;
    expect(first.requests_total).toBe(await rawSum(dd, 'requests_total', first.name));
    expect(first.threats_stopped).toBe(await rawSum(dd, 'threats_stopped', first.name));
    expect(first.unique_visitors).toBe(await rawSum(dd, 'unique_visitors', first.name));
    expect(first.bandwidth_total).toBe(await rawSum(dd, 'bandwidth_total', first.name));
    expect(first.requests_total).toBeGreaterThan(0);
    expect(theirZone).toBeGreaterThan(0);
  });

  it('answers field messages for bad input, INVALID_TOKEN without a token', async () => {
    const bad = await get('get-dd-zones', { baseOrderId: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { baseOrderId: [m.integer] } });
    const none = await get('get-dd-zones', { baseOrderId: dd }, null);
    expect(none.status).toBe(401);
    expect(none.body.code).toBe('INVALID_TOKEN');
  });

  it("answers NOT_FOUND for another customer's order and for an order of another product", async () => {
    expectNotFound(await get('get-dd-zones', { baseOrderId: theirs }));
    expectNotFound(await get('get-dd-zones', { baseOrderId: ob }));
  });
});

describe('get-order-dd', () => {
  it("answers a zone's 30-day usage, top 5 threat types, DNS records and firewall events", async () => {
    const zone = zones[0] as productsDd.SecurityZone;
    const res = await get('get-order-dd', { baseOrderId: dd, zoneId: zone.zone_id });
    expect(res.status).toBe(200);
    const order = res.body.data as productsDd.DdOrder;
    expect(order.zone).toEqual(zone);
    expect(order.usage_end).toBe(now);
    expect(order.usage_end - order.usage_start).toBe(30 * day);
    const u = order.usage;
    expect(u.requests_total).toBe(zone.requests_total);
    expect(u.requests_cached).toBe(await rawSum(dd, 'requests_cached', zone.name));
    expect(u.requests_uncached).toBe(u.requests_total - u.requests_cached);
    expect(u.requests_encrypted).toBe(await rawSum(dd, 'requests_encrypted', zone.name));
    expect(u.bandwidth_uncached).toBe(u.bandwidth_total - u.bandwidth_cached);
    expect(u.threats_stopped).toBe(zone.threats_stopped);

    expect(order.threat_types).toHaveLength(5);
    const amounts = order.threat_types.map((x) => x.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(order.dns_records.length).toBeGreaterThan(3);
    expect(order.dns_records.every((r) => r.zone_name === zone.name)).toBe(true);
    expect(order.dns_records.map((r) => r.dns_type)).toEqual(expect.arrayContaining(['A', 'CNAME', 'MX', 'NS', 'TXT']));
    expect(order.firewall_events.length).toBeGreaterThan(0);
    const times = order.firewall_events.map((e) => e.occurred_at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(order.firewall_events[0]).toMatchObject({
      action: expect.any(String),
      ip: expect.any(String),
      country_name: expect.any(String),
      host: expect.any(String),
    });
  });

  it('answers field messages for bad input, INVALID_TOKEN without a token', async () => {
    const bad = await get('get-order-dd', { baseOrderId: dd, zoneId: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { zoneId: [m.integer] } });
    const missing = await get('get-order-dd', { baseOrderId: dd });
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { zoneId: [m.integer] } });
    const none = await get('get-order-dd', { baseOrderId: dd, zoneId: zones[0]!.zone_id }, null);
    expect(none.body.code).toBe('INVALID_TOKEN');
  });

  it("answers NOT_FOUND for another customer's zone, on their order or named under mine", async () => {
    expectNotFound(await get('get-order-dd', { baseOrderId: theirs, zoneId: theirZone }));
    expectNotFound(await get('get-order-dd', { baseOrderId: dd, zoneId: theirZone }));
    expectNotFound(await get('get-order-dd', { baseOrderId: dd, zoneId: 2147483647 }));
  });
});

describe('get-dd-stats', () => {
  it('charts encrypted against unencrypted requests and the visitors, a row a day', async () => {
    const zone = zones[0] as productsDd.SecurityZone;
    const res = await get('get-dd-stats', {
      baseOrderId: dd,
      zoneId: zone.zone_id,
      startDate: now - 30 * day,
      endDate: now,
    });
    expect(res.status).toBe(200);
    const stats = res.body.data as productsDd.DdStats;
    checkTable(stats.traffic, ['Encrypted', 'Unencrypted']);
    checkTable(stats.visitors, ['Visitors']);
    expect(stats.traffic.length - 1).toBeGreaterThanOrEqual(29);
    const rows = stats.traffic.slice(1) as number[][];
    expect(rows.every(([, enc, plain]) => (enc ?? 0) > 0 && (plain ?? -1) >= 0)).toBe(true);
    // Encrypted + unencrypted = the zone's requests.
    const total = rows.reduce((sum, [, enc, plain]) => sum + (enc ?? 0) + (plain ?? 0), 0);
    expect(total).toBe(zone.requests_total);
  });

  it('answers a field message for a range that ends before it starts, and INVALID_TOKEN', async () => {
    const zoneId = zones[0]!.zone_id;
    const bad = await get('get-dd-stats', { baseOrderId: dd, zoneId, startDate: now, endDate: now - day });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { endDate: ['The end must be after the start.'] },
    });
    const text = await get('get-dd-stats', { baseOrderId: dd, zoneId, startDate: 'soon', endDate: now });
    expect(text.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { startDate: [m.integer] } });
    const none = await get('get-dd-stats', { baseOrderId: dd, zoneId, startDate: now - day, endDate: now }, null);
    expect(none.body.code).toBe('INVALID_TOKEN');
  });

  it("answers NOT_FOUND for another customer's zone", async () => {
    const range = { startDate: now - 30 * day, endDate: now };
    expectNotFound(await get('get-dd-stats', { baseOrderId: theirs, zoneId: theirZone, ...range }));
    expectNotFound(await get('get-dd-stats', { baseOrderId: dd, zoneId: theirZone, ...range }));
  });
});

describe('get-threat-countries', () => {
  it('ranks the countries threats came from, at most 10, most first', async () => {
    const res = await get('get-threat-countries', { baseOrderId: dd, zoneId: zones[0]!.zone_id });
    expect(res.status).toBe(200);
    const countries = res.body.data as productsDd.ThreatCountry[];
    expect(countries.length).toBeGreaterThan(0);
    expect(countries.length).toBeLessThanOrEqual(10);
    const amounts = countries.map((c) => c.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(countries.every((c) => /^[A-Z]{2}$/.test(c.country_code) && c.country_name.length > 0)).toBe(true);
  });

  it('answers field messages, INVALID_TOKEN and NOT_FOUND', async () => {
    const bad = await get('get-threat-countries', { baseOrderId: 0, zoneId: zones[0]!.zone_id });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { baseOrderId: [m.integer] } });
    const none = await get('get-threat-countries', { baseOrderId: dd, zoneId: zones[0]!.zone_id }, null);
    expect(none.body.code).toBe('INVALID_TOKEN');
    expectNotFound(await get('get-threat-countries', { baseOrderId: theirs, zoneId: theirZone }));
    expectNotFound(await get('get-threat-countries', { baseOrderId: dd, zoneId: theirZone }));
  });
});

describe('security zones through the product-objects collection', () => {
  const orderNumber = async () =>
    (await t.db.one<{ n: string }>('SELECT order_number AS n FROM orders WHERE base_order_id = $1', [dd]))?.n ?? '';
  const item = (number: string, attributes: Record<string, unknown>) => ({
    order_number: number,
    kind: 'security_zone',
    object_key: 'fed-zone.example',
    attributes,
  });
  const report = {
    dns_records: [{ dns_type: 'A', dns_name: 'fed-zone.example', content: '198.51.100.7', proxied: true }],
    threat_types: [{ threat_type: 'user.ban.ip', amount: 12 }],
    threat_countries: [{ country_code: 'NL', country_name: 'Netherlands', amount: 12 }],
    firewall_events: [
      {
        occurred_at: '2026-11-01T10:00:00+01:00',
        action: 'block',
        ip: '198.51.100.9',
        country_name: 'Netherlands',
        host: 'fed-zone.example',
      },
    ],
  };

  it('creates a zone the page shows, unchanged on repeat, then updated', async () => {
    const token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
    const number = await orderNumber();
    const run = async (items: unknown[]) => statuses((await batch(t, token, 'product-objects', items)).results);
    expect(await run([item(number, report)])).toEqual(['created']);
    expect(await run([item(number, report)])).toEqual(['unchanged']);

    const listed = (await get('get-dd-zones', { baseOrderId: dd })).body.data as productsDd.DdZones;
    const fed = listed.zones.find((z) => z.name === 'fed-zone.example');
    // A zone with no series yet: its totals are 0.
    expect(fed).toMatchObject({ threats_stopped: 0, requests_total: 0, unique_visitors: 0, bandwidth_total: 0 });
    const page = (await get('get-order-dd', { baseOrderId: dd, zoneId: fed!.zone_id })).body.data as productsDd.DdOrder;
    expect(page.dns_records).toEqual([{ ...report.dns_records[0], zone_name: 'fed-zone.example' }]);
    expect(page.firewall_events[0]?.occurred_at).toBe(Date.parse('2026-11-01T09:00:00Z') / 1000);

    const changed = { ...report, threat_types: [{ threat_type: 'user.ban.ctry', amount: 40 }] };
    expect(await run([item(number, changed)])).toEqual(['updated']);
    expect(await run([item(number, changed)])).toEqual(['unchanged']);
    const after = (await get('get-order-dd', { baseOrderId: dd, zoneId: fed!.zone_id })).body
      .data as productsDd.DdOrder;
    expect(after.threat_types).toEqual([{ threat_type: 'user.ban.ctry', amount: 40 }]);
    // The zone kept its id.
    expect(after.zone.zone_id).toBe(fed!.zone_id);
  });

  it('refuses bad attributes per field and a zone on an order whose page shows none', async () => {
    const token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
    const number = await orderNumber();
    const obNumber =
      (await t.db.one<{ n: string }>('SELECT order_number AS n FROM orders WHERE base_order_id = $1', [ob]))?.n ?? '';
    const { results } = await batch(t, token, 'product-objects', [
      { ...item(number, { ...report, threat_countries: [{ country_code: 'nld', country_name: '', amount: -1 }] }) },
      { ...item(number, report), object_key: 'Not A Zone' },
      item(obNumber, report),
    ]);
    expect(results).toEqual([
      {
        key: 'fed-zone.example',
        status: 'invalid',
        errors: {
          'attributes.threat_countries.0.country_code': [m.type],
          'attributes.threat_countries.0.country_name': [m.required],
          'attributes.threat_countries.0.amount': [m.min(0)],
        },
      },
      { key: 'Not A Zone', status: 'invalid', errors: { object_key: [m.type] } },
      {
        key: 'fed-zone.example',
        status: 'invalid',
        errors: { kind: ["This kind of object is not shown on this order's product page."] },
      },
    ]);
    expect(messages.noThreats).toBe('There are no threats within this time period.');
  });
});
