import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { metrics } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { encodeRemoteWrite } from '../../src/modules/metrics/remote-write.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken } from '../integration/kit.ts';

const root = resolve(import.meta.dirname, '../../../..');
const integrationDoc = readFileSync(resolve(root, 'docs/integration.md'), 'utf8');
const readme = readFileSync(resolve(root, 'README.md'), 'utf8');
/** Section 9 of docs/integration.md: the usage data calls. */
const usage = integrationDoc.slice(integrationDoc.indexOf('## 9. Usage data'));
const jsonBlocks = [...usage.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] as string) as unknown);
/** The body a worked example's curl sends to this path (its -d '…'). */
const curlBody = (path: string) => {
  const body = new RegExp(`curl -s localhost:8080/api${path} [\\s\\S]*?-d '([\\s\\S]*?)'\\n`).exec(usage)?.[1];
  if (!body) throw new Error(`docs/integration.md has no worked example of ${path}`);
  return JSON.parse(body) as unknown;
};
const [jsonAnswer, writeRequest, remoteWriteAnswer, otlpAnswer] = jsonBlocks;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newToken(t, await t.signIn('staff3@demo.test'))).token;
  // The order of the worked example (section 3): a network order with interface 7.
  const fed = [
    await batch(t, token, 'accounts', [
      { account_number: '9800001', name: 'Vandelay HQ', company: 'VANDELAY', account_status_cd: 'A', is_active: true },
    ]),
    await batch(t, token, 'products', [
      {
        product_cd: 'DIA',
        product: 'Dedicated internet access',
        short_product_name: 'Internet',
        product_group: 'Network',
        product_controller: 'network',
      },
    ]),
    await batch(t, token, 'orders', [
      {
        order_number: 'ORD-9800001-2',
        account_number: '9800001',
        product_cd: 'DIA',
        circuit_id: 'CKT-78',
        order_status_cd: 'A',
        contract_start: '2026-02-01',
        term_cd: '36',
      },
    ]),
  ];
  expect(fed.flatMap((b) => b.results)).toEqual(
    fed.flatMap((b) => b.results.map((r) => ({ key: r.key, status: 'created' }))),
  );
});
afterAll(() => t.close());

const ingest = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload: payload as string,
  });

describe('the usage data worked examples of docs/integration.md', () => {
  it('the JSON call answers the example as the document shows', async () => {
    const res = await ingest('/api/integration/v1/metrics', curlBody('/integration/v1/metrics'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(jsonAnswer);
  });

  it('remote write answers the decoded WriteRequest as the document shows', async () => {
    const res = await ingest(
      '/api/integration/v1/prometheus/write',
      encodeRemoteWrite(writeRequest as Record<string, unknown>),
      {
        'content-type': 'application/x-protobuf',
        'content-encoding': 'snappy',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(remoteWriteAnswer);
  });

  it('OTLP/JSON answers the example as the document shows', async () => {
    const res = await ingest('/api/integration/v1/otlp/v1/metrics', curlBody('/integration/v1/otlp/v1/metrics'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(otlpAnswer);
  });

  it('quotes the answers beyond the limits as the server gives them', async () => {
    const point = { order_number: 'ORD-9800001-2', metric: 'if_in_octets', ts: 1795856400, value: 1 };
    const tooMany = await ingest('/api/integration/v1/metrics', {
      points: Array.from({ length: metrics.maxPointsPerRequest + 1 }, () => point),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(usage).toContain(
      `\`{"points": ${JSON.stringify((tooMany.json() as { data: { points: string[] } }).data.points)}}\``.replace(
        '","',
        '", "',
      ),
    );

    const samples = Array.from({ length: metrics.maxPointsPerRequest + 1 }, (_, i) => ({ value: i, timestamp: i }));
    const big = await ingest(
      '/api/integration/v1/prometheus/write',
      encodeRemoteWrite({ timeseries: [{ labels: [{ name: '__name__', value: 'up' }], samples }] }),
      { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy' },
    );
    expect(big.statusCode).toBe(413);
    expect(usage).toContain(`"${(big.json() as { message: string }).message}"`);
    const labels = Array.from({ length: metrics.maxEntriesPerRequest + 1 }, () => ({}));
    const wide = await ingest('/api/integration/v1/prometheus/write', encodeRemoteWrite({ timeseries: [{ labels }] }), {
      'content-type': 'application/x-protobuf',
      'content-encoding': 'snappy',
    });
    expect(wide.statusCode).toBe(413);
    expect(usage).toContain(`"${(wide.json() as { message: string }).message}"`);
  });

  it('the README points at the three calls and their worked examples', () => {
    for (const path of [
      '/api/integration/v1/metrics',
      '/api/integration/v1/prometheus/write',
      '/api/integration/v1/otlp/v1/metrics',
    ])
      expect(readme).toContain(`\`${path}\``);
    expect(readme).toContain('docs/integration.md#9-usage-data-points-for-the-product-pages-charts');
  });
});

interface Schema {
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
  items?: Schema;
  description?: string;
}

describe('the point schema of the OpenAPI document', () => {
  it('describes the fields the JSON call reads: each documented field is read, each required one required', async () => {
    const document = (await t.call('GET', '/api/openapi.json')).body as unknown as {
      paths: Record<string, { post: { requestBody: { content: { 'application/json': { schema: Schema } } } } }>;
    };
    const schema = document.paths['/api/integration/v1/metrics']?.post.requestBody.content['application/json'].schema;
    const point = schema?.properties?.points?.items as Schema;
    expect(Object.keys(point.properties ?? {}).sort()).toEqual(['labels', 'metric', 'order_number', 'ts', 'value']);
    expect(point.required?.sort()).toEqual(['metric', 'order_number', 'ts', 'value']);
    for (const field of Object.values(point.properties ?? {})) expect(field.description).toBeTruthy();
    expect(Object.keys(point.properties?.labels?.properties ?? {}).sort()).toEqual(['component_key', 'object_key']);
    expect(point.properties?.labels?.additionalProperties).toBe(false);

    // A point as the schema describes it is stored; without a required field, or with another label, it is not.
    const valid = {
      order_number: 'ORD-9800001-2',
      metric: 'if_in_octets',
      labels: { object_key: '7' },
      ts: '2026-11-28T09:05:00Z',
      value: 1,
    };
    const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
    const points = [valid, ...(point.required ?? []).map(without), { ...valid, labels: { interface: '7' } }];
    const res = await ingest('/api/integration/v1/metrics', { points });
    const answer = (
      res.json() as { data: { accepted: number; rejected: { index: number; errors: Record<string, string[]> }[] } }
    ).data;
    expect(answer.accepted).toBe(1);
    expect(answer.rejected.map((r) => Object.keys(r.errors))).toEqual([
      ...(point.required ?? []).map((f) => [f]),
      ['labels'],
    ]);
  });
});
