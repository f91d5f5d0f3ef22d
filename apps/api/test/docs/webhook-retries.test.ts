import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDeps } from '../../src/bootstrap.ts';
import { demoEmails } from '../../src/seed/demo.ts';
import type { Deps } from '../../src/deps.ts';
import { deliverWebhooks, type Send } from '../../src/modules/integration/webhooks.service.ts';
import { customerRenamesOrder } from '../integration/kit.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';

const doc = readFileSync(resolve(import.meta.dirname, '../../../../docs/integration.md'), 'utf8');
/** The seconds docs/integration.md says each retry waits, in order; the last one repeats. */
const schedule = (() => {
  const paragraph = /Answer 2xx within 10 seconds[\s\S]*?\n\n/.exec(doc)?.[0] ?? '';
  return [...paragraph.matchAll(/(\d[\d,]*) s\b/g)].map((m) => Number((m[1] as string).replace(/,/g, '')));
})();

let t: TestApp;
let deps: Deps;

beforeAll(async () => {
  t = await createTestApp();
  // The app's settings (its CONNECTOR_KEY opens the webhook secret it sealed), on the app's database and clock.
  deps = await createDeps(testEnv(), { db: t.db, clock: t.clock });
});
afterAll(() => t.close());

describe('the webhook retry schedule docs/integration.md describes', () => {
  it('retries a failing delivery after each documented wait, not a millisecond before, then hourly', async () => {
    expect(schedule).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600]);
    const staff = await t.signIn(demoEmails.staff3);
    const created = await t.call('POST', '/api/integration/tokens', {
      token: staff,
      body: { name: 'retries', scopes: ['events'], webhook_url: 'http://127.0.0.1:9/hooks' },
    });
    expect(created.status).toBe(200);
    // An event after the webhook was created: a customer renames an order.
    await customerRenamesOrder(t, 'Retried');

    const attempts: number[] = [];
    const failing: Send = async () => {
      attempts.push(t.clock.now());
      return { ok: false, status: 503 };
    };
    await deliverWebhooks(deps, failing);
    expect(attempts).toHaveLength(1);
    // Each documented wait, then two more hours: the last wait repeats.
    for (const wait of [...schedule, 3600, 3600]) {
      const before = attempts.length;
      t.clock.advance(wait * 1000 - 1);
      await deliverWebhooks(deps, failing);
      expect(attempts.length, `${wait} s`).toBe(before);
      t.clock.advance(1);
      await deliverWebhooks(deps, failing);
      expect(attempts.length, `${wait} s`).toBe(before + 1);
    }
    // Acknowledged at last: nothing more is sent.
    t.clock.advance(3600_000);
    expect(await deliverWebhooks(deps, async () => ({ ok: true, status: 204 }))).toBe(1);
    t.clock.advance(3600_000);
    expect(await deliverWebhooks(deps, failing)).toBe(0);
  });
});
