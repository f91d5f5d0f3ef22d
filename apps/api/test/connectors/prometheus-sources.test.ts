import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChartData, ConnectorStatus, DataFreshness, PrometheusSource } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { notOpened } from '../../src/lib/sealed.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken } from '../integration/kit.ts';
import { customerNetworkOrder, feedInterfaces, get } from '../metrics/kit.ts';

/**
 * Prometheus-compatible sources (issue 13, decision 101): the staff calls and the collection
 * (validation, secrets never answered nor stored in clear, roles), the provider's listing, the network
 * chart of a mapped interface asked from a source (a stand-in HTTP server speaking the query_range
 * API), the source's failure on the chart, the status page and the order's freshness.
 */

let t: TestApp;
let staff: string;
let customer: string;
let order: { base_order_id: number; order_number: string };

/** The stand-in source: answers each expression at every step asked, or fails as told. */
let prom = '';
const asked: { query: string; step: number; auth: string | undefined }[] = [];
let failWith: { status: number; body: unknown } | null = null;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const p = new URLSearchParams(body);
    const [start, end, step] = ['start', 'end', 'step'].map((k) => Number(p.get(k)));
    asked.push({ query: p.get('query') ?? '', step: step as number, auth: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    if (failWith) {
      res.statusCode = failWith.status;
      return res.end(typeof failWith.body === 'string' ? failWith.body : JSON.stringify(failWith.body));
    }
    const values: [number, string][] = [];
    for (let ts = start as number; ts <= (end as number); ts += step as number) values.push([ts, '8000']);
    res.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, values }] } }));
  });
});

const token = 'bearer-s3cret-token';
const source = (key: string, extra: Record<string, unknown> = {}) => ({
  source_key: key,
  url: prom,
  auth: 'bearer',
  bearer_token: token,
  series: [
    {
      order_number: order.order_number,
      metric: 'if_in_octets',
      object_key: '7001',
      promql: 'rate(node_network_receive_bytes_total{device="lo"}[1m]) * 8',
    },
  ],
  ...extra,
});
const save = (body: unknown, as = staff) => t.call('POST', '/api/connectors/prometheus-sources', { token: as, body });
const list = (as = staff) => t.call('GET', '/api/connectors/prometheus-sources', { token: as });
const listed = async (key: string) =>
  ((await list()).body.data as PrometheusSource[]).find((s) => s.source_key === key);

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  prom = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prometheus`;
  t = await createTestApp();
  staff = await t.signIn(demoEmails.staff3);
  customer = await t.signIn(demoEmails.customer);
  order = await customerNetworkOrder(t);
  await feedInterfaces(t, order.order_number, ['7001']);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('staff calls', () => {
  it('adds a source, lists it without its token, keeps the token sealed', async () => {
    expect((await save(source('core'))).body).toEqual({ data: { status: 'created' }, code: 'SUCCESS', message: '' });
    expect(await listed('core')).toEqual({
      source_key: 'core',
      url: prom,
      auth: 'bearer',
      username: null,
      series: [source('core').series[0]],
      last_success_at: null,
      last_error: null,
      last_error_at: null,
      queries_last_hour: 0,
    });
    expect((await list()).raw).not.toContain(token);
    const stored = await t.db.one<{ secret: string }>(
      `SELECT secret FROM prometheus_sources WHERE source_key = 'core'`,
    );
    expect(stored?.secret.startsWith('v1.')).toBe(true);
    expect(stored?.secret).not.toContain(token);
  });

  it('keeps the held token when a change leaves it out; unchanged when nothing changes', async () => {
    const { bearer_token: _left, ...withoutToken } = source('core');
    expect((await save(withoutToken)).body.data).toEqual({ status: 'unchanged' });
    expect((await save(source('core'))).body.data).toEqual({ status: 'unchanged' });
    expect((await save({ ...withoutToken, url: `${prom}/` })).body.data).toEqual({ status: 'unchanged' });
    expect((await save(source('core', { bearer_token: 'another' }))).body.data).toEqual({ status: 'updated' });
    expect((await save(source('core'))).body.data).toEqual({ status: 'updated' });
    // Basic auth needs its password the first time; afterwards the held one is kept.
    const basic = { ...withoutToken, auth: 'basic', username: 'prom' };
    expect((await save(basic)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { password: ['This value is required.'] },
    });
    expect((await save({ ...basic, password: 'pw-s3cret' })).body.data).toEqual({ status: 'updated' });
    expect((await save(basic)).body.data).toEqual({ status: 'unchanged' });
    expect(await listed('core')).toMatchObject({ auth: 'basic', username: 'prom' });
    expect((await list()).raw).not.toContain('pw-s3cret');
    expect((await save(source('core'))).body.data).toEqual({ status: 'updated' });
  });

  it('refuses bad fields with their messages', async () => {
    const res = await save({
      source_key: '',
      url: 'ftp://prom.example/',
      auth: 'bearer',
      series: [
        { order_number: 'NO-SUCH', metric: 'if_in_octets', object_key: '1', promql: 'up' },
        { order_number: order.order_number, metric: 'size_bytes', object_key: '1', promql: 'up' },
        { order_number: order.order_number, metric: 'if_in_octets', object_key: '', promql: '' },
        { order_number: order.order_number, metric: '9bad', promql: 'up' },
      ],
    });
    expect(res.body).toEqual({
      data: {
        source_key: ['This value is required.'],
        url: ['This value should be an http or https URL without credentials, query or fragment.'],
        'series.2.promql': ['This value is required.'],
        'series.3.metric': ['This value should be a metric name (letters, digits, _ and :).'],
      },
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
    });
    const rules = await save({
      source_key: 'rules',
      url: prom,
      series: [
        { order_number: 'NO-SUCH', metric: 'if_in_octets', object_key: '1', promql: 'up' },
        { order_number: order.order_number, metric: 'size_bytes', object_key: '1', promql: 'up' },
        { order_number: order.order_number, metric: 'if_out_octets', promql: 'up' },
        { order_number: order.order_number, metric: 'if_in_octets', object_key: '7001', promql: 'up' },
      ],
    });
    expect(rules.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: {
        'series.0.order_number': ['No order has this number.'],
        'series.1.metric': ["This series is not shown on this order's product page."],
        'series.2.object_key': ['This series needs the key of its object.'],
      },
    });
    // A series another source answers is refused.
    const taken = await save({ ...rules.body, source_key: 'rules', url: prom, series: [source('x').series[0]] });
    expect(taken.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { 'series.0.object_key': ['Source core already answers this series.'] },
    });
    expect(await listed('rules')).toBeUndefined();
    expect(
      (await save(source('core', { bearer_token: undefined, auth: 'bearer', source_key: 'new' }))).body,
    ).toMatchObject({ code: 'VALIDATION_ERROR', data: { bearer_token: ['This value is required.'] } });
  });

  it('refuses a URL ending in ? or # (it would cut /api/v1/query_range off the request)', async () => {
    for (const url of [`${prom}?`, `${prom}#`, `${prom}/?#`, `${prom}?x=1`]) {
      const res = await save(source('trailing', { url }));
      expect(res.body, url).toMatchObject({
        code: 'VALIDATION_ERROR',
        data: { url: ['This value should be an http or https URL without credentials, query or fragment.'] },
      });
    }
    expect(await listed('trailing')).toBeUndefined();
  });

  it('sends a held token or password only to the URL it was saved for: a new URL needs it again', async () => {
    const { bearer_token: _left, ...withoutToken } = source('core');
    const moved = `${prom.replace('127.0.0.1', 'localhost')}`;
    const message = 'Give this again: a saved secret is sent only to the address it was saved for.';
    expect((await save({ ...withoutToken, url: moved })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { bearer_token: [message] },
    });
    expect((await save({ ...withoutToken, url: `${prom}/other` })).body).toMatchObject({
      data: { bearer_token: [message] },
    });
    const basic = { ...withoutToken, auth: 'basic', username: 'prom' };
    expect((await save({ ...basic, password: 'pw-s3cret' })).body.data).toEqual({ status: 'updated' });
    expect((await save({ ...basic, url: moved })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { password: [message] },
    });
    expect(await listed('core')).toMatchObject({ url: prom, auth: 'basic' });
    // Given again, it goes to the new URL; and back, with the token.
    expect((await save({ ...basic, url: moved, password: 'pw-s3cret' })).body.data).toEqual({ status: 'updated' });
    expect((await save(source('core'))).body.data).toEqual({ status: 'updated' });
    expect(await listed('core')).toMatchObject({ url: prom, auth: 'bearer' });
  });

  it('answers only level-3 staff; removes a source, NOT_FOUND for one that is not there', async () => {
    for (const who of [demoEmails.staff2, demoEmails.customer]) {
      const other = await t.signIn(who);
      expect((await list(other)).body).toMatchObject({ code: 'FORBIDDEN', data: null });
      expect((await save(source('x'), other)).body).toMatchObject({ code: 'FORBIDDEN', data: null });
      expect((await t.call('GET', '/api/connectors/status', { token: other })).body.code).toBe('FORBIDDEN');
    }
    expect((await t.call('GET', '/api/connectors/prometheus-sources')).body.code).toBe('INVALID_TOKEN');
    expect((await t.call('GET', '/api/connectors/status')).body.code).toBe('INVALID_TOKEN');
    expect((await save({ ...source('gone'), series: [] })).body.data).toEqual({ status: 'created' });
    const remove = (key: string) => t.call('DELETE', `/api/connectors/prometheus-sources/${key}`, { token: staff });
    expect((await remove('gone')).body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    expect((await remove('gone')).body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });
});

describe('the prometheus-sources collection and the provider listing (scope metrics)', () => {
  it('upserts a source by source_key and lists it without its secrets', async () => {
    const feed = (await newToken(t, staff, ['metrics'])).token;
    const item = {
      source_key: 'mimir',
      url: `${prom}/`,
      basic_auth: { username: 'tenant', password: 'basic-s3cret' },
      series: [{ order_number: order.order_number, metric: 'if_out_octets', object_key: '7001', promql: 'vector(1)' }],
    };
    const first = await batch(t, feed, 'prometheus-sources', [item]);
    expect(first.results, JSON.stringify(first.body)).toEqual([{ key: 'mimir', status: 'created' }]);
    expect((await batch(t, feed, 'prometheus-sources', [item])).results).toEqual([
      { key: 'mimir', status: 'unchanged' },
    ]);
    const both = { ...item, bearer_token: 'x' };
    expect((await batch(t, feed, 'prometheus-sources', [both])).results[0]).toMatchObject({
      status: 'invalid',
      errors: { bearer_token: ['Give a bearer token or basic auth, not both.'] },
    });
    const res = await t.call('GET', '/api/integration/v1/prometheus-sources', { token: feed });
    expect(res.body.code).toBe('SUCCESS');
    expect((res.body.data as PrometheusSource[]).find((s) => s.source_key === 'mimir')).toMatchObject({
      url: prom,
      auth: 'basic',
      username: 'tenant',
      series: item.series,
    });
    expect(res.raw).not.toContain('basic-s3cret');
    expect(res.raw).not.toContain(token);
    // Gone again, so that the charts below ask one source.
    expect((await t.call('DELETE', '/api/connectors/prometheus-sources/mimir', { token: staff })).body.code).toBe(
      'SUCCESS',
    );
  });

  it('refuses a token without the metrics scope, a user token and no token', async () => {
    const orders = (await newToken(t, staff, ['orders'])).token;
    const url = '/api/integration/v1/prometheus-sources';
    expect((await t.call('GET', url, { token: orders })).body).toMatchObject({ code: 'FORBIDDEN', data: null });
    expect((await t.call('GET', url, { token: staff })).body).toMatchObject({ code: 'UNAUTHORIZED', data: null });
    expect((await t.call('GET', url)).body).toMatchObject({ code: 'UNAUTHORIZED', data: null });
  });
});

describe('charts of a series a source answers', () => {
  const chart = (as: string, start: number, end: number, chartType = 'bits') =>
    get(
      t,
      'network/get-network-stats',
      { baseOrderId: order.base_order_id, interfaceId: 7001, chartType, startDate: start, endDate: end },
      as,
    );

  it('asks the source at the step of the stored groups, signed with its token, and caches the answer', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    asked.length = 0;
    const res = await chart(customer, now - 86400, now);
    expect(res.body.code, JSON.stringify(res.body)).toBe('SUCCESS');
    const table = res.body.data as ChartData;
    expect(table[0]).toEqual(['Time', 'In bits', 'Out bits']);
    // One day: 289-second steps, floor(86400 / 289) + 1 = 299 rows laid back from the end (86,400 =
    // 298 x 289 + 278), the expression's value as is.
    expect(table).toHaveLength(300);
    expect(table[1]).toEqual([now - 86400 + 278, 8000, null]);
    expect(table[299]).toEqual([now, 8000, null]);
    expect(asked).toEqual([
      { query: 'rate(node_network_receive_bytes_total{device="lo"}[1m]) * 8', step: 289, auth: `Bearer ${token}` },
    ]);
    // The same chart again within the cache's time: the source is not asked.
    expect((await chart(customer, now - 86400, now)).body.data).toEqual(table);
    expect(asked).toHaveLength(1);
    const status = (await t.call('GET', '/api/connectors/status', { token: staff })).body.data as ConnectorStatus[];
    expect(status.find((s) => s.key === 'core')).toEqual({
      kind: 'prometheus',
      key: 'core',
      target: prom,
      orders: [order.order_number],
      // Timestamps go over the wire as extract(epoch)::bigint, which rounds the clock's milliseconds.
      last_success_at: Math.round(t.clock.now() / 1000),
      last_error: null,
      last_error_at: null,
      failing: false,
      last_hour: 1,
      last_hour_unit: 'queries',
      next_run_at: null,
    });
  });

  it("never answers another company's order", async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const other = await t.signIn(demoEmails.admin);
    expect((await chart(other, now - 3600, now)).body).toMatchObject({ code: 'NOT_FOUND', data: null });
    const freshness = await get(t, 'metrics/get-data-freshness', { baseOrderId: order.base_order_id }, other);
    expect(freshness.body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it("shows the spec's chart error when the source fails, its text on the status page, and the page says delayed", async () => {
    failWith = { status: 400, body: { status: 'error', errorType: 'bad_data', error: 'parse error at char 3' } };
    t.clock.advance(60_000);
    const now = Math.floor(t.clock.now() / 1000);
    try {
      const res = await chart(customer, now - 3600, now);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ data: null, code: 'SERVICE_UNAVAILABLE', message: 'An unknown error occurred.' });
      const status = (await t.call('GET', '/api/connectors/status', { token: staff })).body.data as ConnectorStatus[];
      expect(status.find((s) => s.key === 'core')).toMatchObject({
        last_error: 'HTTP 400: bad_data: parse error at char 3',
        last_error_at: Math.round(t.clock.now() / 1000),
        failing: true,
        last_hour: 2,
      });
      const freshness = await get(t, 'metrics/get-data-freshness', { baseOrderId: order.base_order_id }, customer);
      expect((freshness.body.data as DataFreshness).delayed).toBe(true);
    } finally {
      failWith = null;
    }
    // An answer that is not Prometheus's (an internal page, a proxy's error) leaves only its status.
    failWith = { status: 502, body: '<html><title>Internal admin</title><body>db password: hunter2</body></html>' };
    t.clock.advance(60_000);
    const then = Math.floor(t.clock.now() / 1000);
    try {
      expect((await chart(customer, then - 3600, then)).body.code).toBe('SERVICE_UNAVAILABLE');
      const status = (await t.call('GET', '/api/connectors/status', { token: staff })).body.data as ConnectorStatus[];
      expect(status.find((s) => s.key === 'core')?.last_error).toBe('HTTP 502');
    } finally {
      failWith = null;
    }
    // The source answers again: the next chart read clears the delay.
    t.clock.advance(60_000);
    const later = Math.floor(t.clock.now() / 1000);
    expect((await chart(customer, later - 3600, later)).body.code).toBe('SUCCESS');
    const freshness = await get(t, 'metrics/get-data-freshness', { baseOrderId: order.base_order_id }, customer);
    expect((freshness.body.data as DataFreshness).delayed).toBe(false);
  });

  it("a process whose CONNECTOR_KEY does not open the source's token says so on the status page and answers the chart's error, never 500", async () => {
    const other = await t.peer({ CONNECTOR_KEY: randomBytes(32).toString('base64') });
    t.clock.advance(60_000);
    const now = Math.floor(t.clock.now() / 1000);
    asked.length = 0;
    const res = await get(
      other,
      'network/get-network-stats',
      { baseOrderId: order.base_order_id, interfaceId: 7001, chartType: 'bits', startDate: now - 7200, endDate: now },
      customer,
    );
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ data: null, code: 'SERVICE_UNAVAILABLE', message: 'An unknown error occurred.' });
    // Never asked without its token.
    expect(asked).toEqual([]);
    const status = (await t.call('GET', '/api/connectors/status', { token: staff })).body.data as ConnectorStatus[];
    expect(status.find((s) => s.key === 'core')).toMatchObject({
      last_error: notOpened,
      last_error_at: Math.round(t.clock.now() / 1000),
      failing: true,
    });
  });
});
