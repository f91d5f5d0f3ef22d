import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { newToken } from '../integration/kit.ts';

/**
 * Staff configuration of SNMP devices (issue 13) and the provider's listing: validation with field
 * messages, secrets never answered (nor stored in clear), the staff level, and the first poll's time.
 */

let t: TestApp;
let staff: string;
let order: string;
const community = 'c0mmunity-s3cret';
const authKey = 'auth-key-s3cret';
const privKey = 'priv-key-s3cret';

const device = (key: string, extra: Record<string, unknown> = {}) => ({
  device_key: key,
  address: '127.0.0.1',
  version: '2c',
  community,
  interfaces: [{ if_name: 'lo', order_number: order, object_key: '1' }],
  ...extra,
});
const save = (body: unknown, token = staff) => t.call('POST', '/api/connectors/snmp-devices', { token, body });
const list = (token = staff) => t.call('GET', '/api/connectors/snmp-devices', { token });
const listed = async (key: string) =>
  ((await list()).body.data as { device_key: string }[]).find((d) => d.device_key === key) as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn(demoEmails.staff3);
  const row = await t.db.one<{ order_number: string }>(
    `SELECT o.order_number FROM orders o JOIN products p ON p.product_cd = o.product_cd
      WHERE p.product_controller = 'network' ORDER BY o.base_order_id LIMIT 1`,
  );
  order = row?.order_number as string;
  expect(order).toBeTruthy();
});
afterAll(() => t.close());

describe('staff SNMP device calls', () => {
  it('adds a device, lists it without its community, first polls it within its interval', async () => {
    const res = await save(device('core-1', { interval_seconds: 30 }));
    expect(res.body).toEqual({ data: { status: 'created' }, code: 'SUCCESS', message: '' });
    const got = await listed('core-1');
    expect(got).toMatchObject({
      device_key: 'core-1',
      address: '127.0.0.1',
      port: 161,
      version: '2c',
      has_community: true,
      v3: null,
      interval_seconds: 30,
      interfaces: [{ if_name: 'lo', if_index: null, order_number: order, object_key: '1' }],
      last_success_at: null,
      last_error: null,
      points_last_hour: 0,
    });
    const now = t.clock.now() / 1000;
    expect(got.next_run_at).toBeGreaterThanOrEqual(Math.floor(now));
    expect(got.next_run_at).toBeLessThanOrEqual(now + 30 + 15);
    // The secret appears in no answer and is not stored in clear.
    expect((await list()).raw).not.toContain(community);
    const stored = await t.db.one<{ secret: string }>(`SELECT secret FROM snmp_devices WHERE device_key = 'core-1'`);
    expect(stored?.secret).not.toContain(community);
    expect(stored?.secret.startsWith('v1.')).toBe(true);
  });

  it('keeps the held community when a change leaves it out; answers unchanged when nothing changes', async () => {
    const { community: _left, ...withoutCommunity } = device('core-1', { interval_seconds: 30 });
    expect((await save(withoutCommunity)).body.data).toEqual({ status: 'unchanged' });
    expect((await save({ ...withoutCommunity, interval_seconds: 45 })).body.data).toEqual({ status: 'updated' });
    expect(await listed('core-1')).toMatchObject({ has_community: true, interval_seconds: 45 });
    expect((await save(device('core-1', { interval_seconds: 45 }))).body.data).toEqual({ status: 'unchanged' });
    expect((await save(device('core-1', { interval_seconds: 45, community: 'other' }))).body.data).toEqual({
      status: 'updated',
    });
  });

  it('sends a held community or v3 key only to the address and port it was saved for', async () => {
    const message = 'Give this again: a saved secret is sent only to the address it was saved for.';
    const { community: _left, ...withoutCommunity } = device('moving', { interval_seconds: 30 });
    expect((await save(device('moving', { interval_seconds: 30 }))).body.data).toEqual({ status: 'created' });
    for (const change of [{ address: '192.0.2.20' }, { port: 1161 }, { address: 'router.example' }])
      expect((await save({ ...withoutCommunity, ...change })).body, JSON.stringify(change)).toEqual({
        data: { community: [message] },
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
      });
    expect(await listed('moving')).toMatchObject({ address: '127.0.0.1', port: 161 });
    expect((await save({ ...withoutCommunity, address: '192.0.2.20', community })).body.data).toEqual({
      status: 'updated',
    });
    // v3: each key its protocol needs.
    const v3 = { user: 'poller', auth_protocol: 'sha', auth_key: authKey, priv_protocol: 'aes', priv_key: privKey };
    const { community: _c, ...base } = device('moving-v3', { version: '3', v3 });
    expect((await save(base)).body.data).toEqual({ status: 'created' });
    const { auth_key: _a, priv_key: _p, ...noKeys } = v3;
    expect((await save({ ...base, v3: noKeys, port: 10161 })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { 'v3.auth_key': [message], 'v3.priv_key': [message] },
    });
    expect((await save({ ...base, v3: { ...noKeys, auth_key: authKey }, port: 10161 })).body.data).toEqual({
      'v3.priv_key': [message],
    });
    expect((await save({ ...base, port: 10161 })).body.data).toEqual({ status: 'updated' });
    await t.db.query(`DELETE FROM snmp_devices WHERE device_key LIKE 'moving%'`);
  });

  it('stores a v3 device and never answers its keys', async () => {
    const v3 = { user: 'poller', auth_protocol: 'sha256', auth_key: authKey, priv_protocol: 'aes', priv_key: privKey };
    const { community: _c, ...base } = device('edge-v3', { version: '3', v3 });
    expect((await save(base)).body.data).toEqual({ status: 'created' });
    expect((await listed('edge-v3')).v3).toEqual({
      user: 'poller',
      auth_protocol: 'sha256',
      priv_protocol: 'aes',
      has_auth_key: true,
      has_priv_key: true,
    });
    expect((await listed('edge-v3')).has_community).toBe(false);
    const raw = (await list()).raw;
    expect(raw).not.toContain(authKey);
    expect(raw).not.toContain(privKey);
    // A change without the keys keeps them.
    const { auth_key: _a, priv_key: _p, ...noKeys } = v3;
    expect((await save({ ...base, v3: noKeys, interval_seconds: 120 })).body.data).toEqual({ status: 'updated' });
    expect((await listed('edge-v3')).v3).toMatchObject({ has_auth_key: true, has_priv_key: true });
  });

  it('answers field errors for bad input', async () => {
    const { community: _c, ...noCommunity } = device('bad-1');
    const cases: [unknown, Record<string, string[]>][] = [
      [noCommunity, { community: ['A version 2c device needs its community.'] }],
      [
        device('bad-2', { interval_seconds: 4 }),
        { interval_seconds: ['This value should be greater than or equal to 5.'] },
      ],
      [device('bad-3', { version: '1' }), { version: ['This value is not valid.'] }],
      [
        device('bad-4', { address: 'not an address!' }),
        { address: ['This value should be an IP address or a host name.'] },
      ],
      [device('bad-5', { port: 70000 }), { port: ['This value should be lower than or equal to 65535.'] }],
      [
        device('bad-6', { interfaces: [{ if_name: 'lo', if_index: 1, order_number: order, object_key: '1' }] }),
        { 'interfaces.0.if_index': ['Give if_name or if_index, not both.'] },
      ],
      [
        device('bad-7', { interfaces: [{ order_number: order, object_key: '01' }] }),
        {
          'interfaces.0.if_name': ['Give if_name or if_index.'],
          'interfaces.0.object_key': ['This value should be digits.'],
        },
      ],
      [device('bad-8', { interfaces: [] }), { interfaces: ['You must select at least 1 choices.'] }],
      [
        device('bad-9', { interfaces: [{ if_index: 3, order_number: 'NO-SUCH-ORDER', object_key: '3' }] }),
        { 'interfaces.0.order_number': ['No order has this number.'] },
      ],
      [
        device('bad-10', { version: '3', v3: { user: 'u', priv_protocol: 'aes', priv_key: 'long-enough' } }),
        { 'v3.priv_protocol': ['Privacy needs authentication (auth_protocol).'] },
      ],
      [
        device('bad-11', { version: '3', v3: { user: 'u', auth_protocol: 'sha', auth_key: 'short' } }),
        { 'v3.auth_key': ['A v3 key has at least 8 characters.'] },
      ],
      [
        device('bad-12', { version: '3', v3: { user: 'u', auth_protocol: 'md5' } }),
        { 'v3.auth_key': ['This value is required.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await save(body);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', data: errors });
    }
    const keys = ((await list()).body.data as { device_key: string }[]).map((d) => d.device_key);
    expect(keys.filter((k) => k.startsWith('bad-'))).toEqual([]);
  });

  it('refuses an order whose page shows no network interfaces', async () => {
    const row = await t.db.one<{ order_number: string }>(
      `SELECT o.order_number FROM orders o JOIN products p ON p.product_cd = o.product_cd
        WHERE p.product_controller = 'ob' LIMIT 1`,
    );
    const res = await save(
      device('bad-ob', { interfaces: [{ if_index: 1, order_number: row?.order_number, object_key: '1' }] }),
    );
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { 'interfaces.0.order_number': ["This order's product page shows no network interfaces."] },
    });
  });

  it('removes a device; a missing one is NOT_FOUND', async () => {
    expect((await save(device('gone-1'))).body.data).toEqual({ status: 'created' });
    const res = await t.call('DELETE', '/api/connectors/snmp-devices/gone-1', { token: staff });
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    expect(await listed('gone-1')).toBeUndefined();
    const again = await t.call('DELETE', '/api/connectors/snmp-devices/gone-1', { token: staff });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it('is for level-3 staff only', async () => {
    expect((await list('')).body.code).toBe('INVALID_TOKEN');
    expect((await save(device('x-1'), '')).body.code).toBe('INVALID_TOKEN');
    for (const email of [demoEmails.customer, demoEmails.staff1, demoEmails.staff2]) {
      const token = await t.signIn(email);
      expect((await list(token)).body).toMatchObject({ code: 'FORBIDDEN', data: null });
      expect((await save(device('x-2'), token)).body).toMatchObject({ code: 'FORBIDDEN', data: null });
      const del = await t.call('DELETE', '/api/connectors/snmp-devices/core-1', { token });
      expect(del.body).toMatchObject({ code: 'FORBIDDEN', data: null });
    }
    expect(await listed('core-1')).toBeDefined();
  });
});

describe('GET /api/integration/v1/snmp-devices', () => {
  it('lists the devices without secrets for a metrics token', async () => {
    const { token } = await newToken(t, staff, ['metrics']);
    const res = await t.call('GET', '/api/integration/v1/snmp-devices', { token });
    expect(res.status).toBe(200);
    const devices = res.body.data as { device_key: string; has_community: boolean }[];
    expect(devices.find((d) => d.device_key === 'core-1')).toMatchObject({ has_community: true });
    expect(res.raw).not.toContain(community);
    expect(res.raw).not.toContain(authKey);
    expect(res.raw).not.toContain('"community"');
  });

  it('refuses a token without the metrics scope, a user token and no token', async () => {
    const { token } = await newToken(t, staff, ['orders']);
    expect((await t.call('GET', '/api/integration/v1/snmp-devices', { token })).body).toMatchObject({
      code: 'FORBIDDEN',
      data: null,
    });
    expect((await t.call('GET', '/api/integration/v1/snmp-devices', { token: staff })).body.code).toBe('UNAUTHORIZED');
    expect((await t.call('GET', '/api/integration/v1/snmp-devices', {})).body.code).toBe('UNAUTHORIZED');
  });

  it('takes devices through the snmp-devices batch (scope metrics)', async () => {
    const { token } = await newToken(t, staff, ['metrics']);
    const res = await t.call('POST', '/api/integration/v1/snmp-devices/batch', {
      token,
      body: { items: [device('fed-1', { interfaces: [{ if_index: 2, order_number: order, object_key: '2' }] })] },
    });
    expect(res.body.data).toEqual({ results: [{ key: 'fed-1', status: 'created' }] });
    expect(await listed('fed-1')).toMatchObject({ has_community: true, interfaces: [{ if_index: 2 }] });
  });
});
