import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let development: TestApp;
let production: TestApp;

beforeAll(async () => {
  development = await createTestApp();
  production = await createTestApp({
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example.com',
    CONNECTOR_KEY: Buffer.alloc(32, 3).toString('base64'),
  });
});
afterAll(async () => {
  await production.close();
  await development.close();
});

const paths = async (t: TestApp) =>
  Object.keys((JSON.parse((await t.call('GET', '/api/openapi.json')).raw) as { paths: object }).paths);

describe('the development outbox in the OpenAPI document', () => {
  it('is described where it exists, and absent from the production document', async () => {
    expect(await paths(development)).toContain('/api/dev/outbox');
    const served = await paths(production);
    expect(served).not.toContain('/api/dev/outbox');
    expect(served.filter((path) => path.includes('outbox'))).toEqual([]);
    expect(served).toContain('/api/integration/v1/metrics');
    expect((await production.call('GET', '/api/dev/outbox')).status).toBe(404);
  });
});
