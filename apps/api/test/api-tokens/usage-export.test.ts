import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { customerNetworkOrder, feedInterfaces, metricsToken, postPoints } from '../metrics/kit.ts';
import { createApiToken } from './fixtures.ts';

/** Issue 33: one series of an order over a range, at a step of the rollup tiers, as JSON or CSV. */
describe('usage data export', () => {
  let t: TestApp;
  let token: string;
  let series: { base_order_id: number; object: string };
  const end = () => Math.floor(t.clock.now() / 1000);
  beforeAll(async () => {
    t = await createTestApp();
    series = (await t.db.one<{ base_order_id: number; object: string }>(
      `SELECT s.base_order_id, s.labels->>'object_key' AS object FROM metric_series s
         JOIN orders o ON o.base_order_id = s.base_order_id JOIN accounts a ON a.account_id = o.account_id
        WHERE s.metric = 'if_in_octets' AND a.account_number = '1000101' AND s.labels ? 'object_key'
        ORDER BY s.series_id LIMIT 1`,
    ))!;
    const rita = await t.signIn('rita.alvarez@acme-logistics.example');
    token = (await createApiToken(t, { scopes: ['services:read'], accounts: ['1000101'] }, rita)).token;
  });
  afterAll(() => t.close());

  const query = (input: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(input).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const week = () => ({
    baseOrderId: series.base_order_id,
    metric: 'if_in_octets',
    object: series.object,
    start: end() - 7 * 86400,
    end: end(),
  });

  it('answers a row per step-wide bucket aligned to the step, from the one holding the start', async () => {
    const hourly = await t.call('GET', `/api/metrics/export-series?${query({ ...week(), step: 3600 })}`, { token });
    expect(hourly.body.code).toBe('SUCCESS');
    const [header, ...rows] = hourly.body.data as (number | null | string)[][];
    expect(header).toEqual(['Time', `if_in_octets ${series.object}`]);
    const { start, end } = week();
    const first = Math.floor(start / 3600) * 3600;
    expect(rows.map((row) => row[0])).toEqual(
      Array.from({ length: Math.floor(end / 3600) - first / 3600 + 1 }, (_, i) => first + i * 3600),
    );
    const daily = await t.call('GET', `/api/metrics/export-series?${query({ ...week(), step: 86400 })}`, { token });
    expect((daily.body.data as number[][]).slice(1).map((row) => (row[0] as number) % 86400)).toEqual(Array(8).fill(0));
  });

  it('folds the tier buckets into each step bucket: the peak of a counter’s rates, by hand', async () => {
    // A fresh interface of the customer's network order, fed two days ago (raw and every tier keep it).
    const order = await customerNetworkOrder(t);
    await feedInterfaces(t, order.order_number, ['9101']);
    const day = Math.floor(end() / 86400) * 86400 - 2 * 86400;
    // Counter readings (seconds after the day's start, octets): rates 100 at 600 s, 300 at 1200,
    // 100 at 3000 (hour 0); 1000 at 4200, 100 at 4800 (hour 1); 60 at 7800 (hour 2).
    const readings = [
      [0, 0],
      [600, 60_000],
      [1200, 240_000],
      [3000, 420_000],
      [4200, 1_620_000],
      [4800, 1_680_000],
      [7800, 1_860_000],
    ];
    const fed = await postPoints(
      t,
      await metricsToken(t),
      readings.map(([at, value]) => ({
        order_number: order.order_number,
        metric: 'if_in_octets',
        labels: { object_key: '9101' },
        ts: day + (at as number),
        value,
      })),
    );
    expect((fed.body.data as { accepted: number }).accepted).toBe(readings.length);
    const rita = await t.signIn('rita.alvarez@acme-logistics.example');
    const acme = (
      await createApiToken(t, { scopes: ['services:read'], accounts: ['1000101', '1000102', '1000103'] }, rita)
    ).token;
    const rows = async (start: number, finish: number, step: number) => {
      const res = await t.call(
        'GET',
        `/api/metrics/export-series?${query({ baseOrderId: order.base_order_id, metric: 'if_in_octets', object: '9101', start, end: finish, step })}`,
        { token: acme },
      );
      expect(res.body.code, JSON.stringify(res.body)).toBe('SUCCESS');
      return (res.body.data as (number | null)[][]).slice(1).map(([time, value]) => [(time as number) - day, value]);
    };
    // Hourly from half past midnight: the first row is the whole hour from midnight.
    expect(await rows(day + 1800, day + 7800, 3600)).toEqual([
      [0, 300],
      [3600, 1000],
      [7200, 60],
    ]);
    expect(await rows(day, day + 3599, 300)).toEqual([
      [0, null],
      [300, null],
      [600, 100],
      [900, null],
      [1200, 300],
      [1500, null],
      [1800, null],
      [2100, null],
      [2400, null],
      [2700, null],
      [3000, 100],
      [3300, null],
    ]);
    expect(await rows(day + 1800, day + 7800, 86400)).toEqual([[0, 1000]]);
  });

  it('answers the same series as CSV headed Time (UTC) and the raw unit', async () => {
    const res = await t.call('GET', `/api/metrics/download-series?${query({ ...week(), step: 86400 })}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [head, first] = res.raw.split('\r\n');
    expect(head).toBe(`Time (UTC),if_in_octets ${series.object} (octets (bytes); stored per second)`);
    expect(first).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('refuses bad input with the field messages', async () => {
    const res = await t.call(
      'GET',
      `/api/metrics/export-series?${query({ ...week(), start: end() - 86400, step: 60 })}`,
      { token },
    );
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { step: ['This value is not valid.'] } });
    const unknown = await t.call(
      'GET',
      `/api/metrics/export-series?${query({ ...week(), metric: 'nope', step: 300 })}`,
      {
        token,
      },
    );
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { metric: ['This value is not valid.'] } });
    const long = await t.call(
      'GET',
      `/api/metrics/export-series?${query({ ...week(), start: end() - 400 * 86400, step: 300 })}`,
      { token },
    );
    expect(long.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { step: ['The range is too long for this step.'] },
    });
  });

  it('answers INVALID_TOKEN without a token and NOT_FOUND for an order that is not the caller’s', async () => {
    expect((await t.call('GET', `/api/metrics/export-series?${query({ ...week(), step: 3600 })}`)).body.code).toBe(
      'INVALID_TOKEN',
    );
    const other = await createApiToken(t, { scopes: ['services:read'], accounts: ['1000201'] });
    const res = await t.call('GET', `/api/metrics/export-series?${query({ ...week(), step: 3600 })}`, {
      token: other.token,
    });
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });
});
