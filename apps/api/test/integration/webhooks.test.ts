import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { IntegrationToken } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDeps } from '../../src/bootstrap.ts';
import { parseEnv } from '../../src/config/env.ts';
import { demoEmails } from '../../src/seed/demo.ts';
import type { Deps } from '../../src/deps.ts';
import { deliverWebhooks } from '../../src/modules/integration/webhooks.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { customerRenamesOrder } from './kit.ts';

let t: TestApp;
let deps: Deps;
let server: Server;
let url: string;
let answer = 500;
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

beforeAll(async () => {
  // The delivering process opens the webhook secret the app sealed: both hold the same CONNECTOR_KEY.
  const connectorKey = randomBytes(32).toString('base64');
  t = await createTestApp({ CONNECTOR_KEY: connectorKey });
  deps = await createDeps(
    parseEnv({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-webhooks-')),
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      CONNECTOR_KEY: connectorKey,
    }),
    { db: t.db, clock: t.clock },
  );
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  server.close();
  await t.close();
});

describe('webhook delivery', () => {
  it('signs each event the Standard Webhooks way, retries with backoff until acknowledged', async () => {
    const staff = await t.signIn(demoEmails.staff3);
    const noScope = await t.call('POST', '/api/integration/tokens', {
      token: staff,
      body: { name: 'hook', scopes: ['billing'], webhook_url: url },
    });
    expect(noScope.body.data).toEqual({ webhook_url: ['A webhook needs the events scope.'] });
    const badUrl = await t.call('POST', '/api/integration/tokens', {
      token: staff,
      body: { name: 'hook', scopes: ['events'], webhook_url: 'ftp://x' },
    });
    expect(badUrl.body.data).toEqual({ webhook_url: ['This value should be a valid url.'] });

    const created = await t.call('POST', '/api/integration/tokens', {
      token: staff,
      body: { name: 'hook', scopes: ['events'], webhook_url: url },
    });
    const { id, webhook_secret } = created.body.data as { id: number; webhook_secret: string };
    expect(webhook_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    // Nothing to send yet: a new webhook starts with the events from now on.
    expect(await deliverWebhooks(deps)).toBe(0);

    await customerRenamesOrder(t, 'Hooked');

    // The endpoint fails: the attempt is recorded and the retry waits.
    expect(await deliverWebhooks(deps)).toBe(0);
    const state = async () =>
      ((await t.call('GET', '/api/integration/tokens', { token: staff })).body.data as IntegrationToken[]).find(
        (x) => x.id === id,
      )?.webhook;
    expect(await state()).toMatchObject({ url, attempts: 1, last_error: 'HTTP 500', delivered_at: null });
    answer = 200;
    expect(await deliverWebhooks(deps)).toBe(0);
    t.clock.advance(6_000);
    expect(await deliverWebhooks(deps)).toBe(1);
    expect(await state()).toMatchObject({ attempts: 0, last_error: null, delivered_at: expect.any(Number) });
    expect(await deliverWebhooks(deps)).toBe(0);

    expect(received).toHaveLength(2);
    const { headers, body } = received[1]!;
    const message = JSON.parse(body) as { type: string; data: { id: number; data: Record<string, unknown> } };
    expect(message.type).toBe('order.alias_changed');
    expect(message.data.data.alias).toBe('Hooked');
    expect(headers['webhook-id']).toBe(`evt_${message.data.id}`);
    const expected = createHmac('sha256', Buffer.from(webhook_secret.slice(6), 'base64'))
      .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
      .digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${expected}`);

    // The worked example's verification code accepts the delivery and refuses a changed body.
    const { verifyWebhook } = await docsVerifier();
    expect(verifyWebhook(webhook_secret, headers, body)).toBe(true);
    expect(verifyWebhook(webhook_secret, headers, body.replace('Hooked', 'Hacked'))).toBe(false);
    expect(verifyWebhook(`whsec_${Buffer.alloc(32).toString('base64')}`, headers, body)).toBe(false);
  });
});

/** The webhook verification function printed in docs/integration.md, loaded as it stands there. */
async function docsVerifier() {
  const docs = readFileSync(resolve(import.meta.dirname, '../../../../docs/integration.md'), 'utf8');
  const code = /```js\n([\s\S]*?export function verifyWebhook[\s\S]*?)```/.exec(docs)?.[1];
  if (!code) throw new Error('docs/integration.md has no verifyWebhook example');
  const file = join(mkdtempSync(join(tmpdir(), 'portal-docs-')), 'verify.mjs');
  writeFileSync(file, code);
  return (await import(pathToFileURL(file).href)) as {
    verifyWebhook: (secret: string, headers: Record<string, unknown>, body: string) => boolean;
  };
}
