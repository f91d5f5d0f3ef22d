import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
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

  it('answers the chart table at the chosen step', async () => {
    const hourly = await t.call('GET', `/api/metrics/export-series?${query({ ...week(), step: 3600 })}`, { token });
    expect(hourly.body.code).toBe('SUCCESS');
    const [header, ...rows] = hourly.body.data as (number | null | string)[][];
    expect(header).toEqual(['Time', `if_in_octets ${series.object}`]);
    expect(rows.length).toBeGreaterThan(24);
    expect(rows.length).toBeLessThanOrEqual(7 * 24);
    // Each row is a bucket of at least the step: no two rows closer than an hour.
    const times = rows.map((row) => row[0] as number);
    expect(times.slice(1).every((time, i) => time - (times[i] as number) >= 3600)).toBe(true);
    const daily = await t.call('GET', `/api/metrics/export-series?${query({ ...week(), step: 86400 })}`, { token });
    expect((daily.body.data as unknown[]).length - 1).toBeLessThanOrEqual(7);
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
