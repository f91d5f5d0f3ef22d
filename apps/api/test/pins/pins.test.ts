import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messages, pins, type AccountPin } from '@portal/contract';

import { DEMO_PIN } from '../../src/seed/demo.ts';
import { hashLinkToken } from '../../src/modules/identity/link-tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountsOf, first } from '../invoices/billing-fixtures.ts';

let t: TestApp;
let customer: string;
let admin: string;
let pinAccount: AccountPin;

const listPins = async (token: string) =>
  (await t.call('POST', '/api/pins/get-user-accounts-pins', { token, body: {} })).body.data as AccountPin[];
const sendReset = (token: string, accountId: number | string) =>
  t.call('POST', '/api/pins/send-pin-reset', { token, body: { accountId } });
const resetPin = (token: string, reset_key: string, account_id: number) =>
  t.call('POST', '/api/pins/reset-pin', { token, body: { reset_key, account_id } });
const pinHashOf = async (accountId: number) =>
  (await t.db.one<{ pin_hash: string | null }>('SELECT pin_hash FROM accounts WHERE account_id = $1', [accountId]))
    ?.pin_hash ?? null;

/** The reset key of the newest PIN mail to the demo customer, read from the local outbox link. */
async function lastLink(accountId: number) {
  const mail = await t.db.one<{ links: string[]; subject: string; text_body: string; to_address: string }>(
    `SELECT links, subject, text_body, to_address FROM mail_outbox WHERE kind = 'pin-reset' ORDER BY mail_id DESC LIMIT 1`,
  );
  const link = first(mail?.links ?? []);
  const match = new RegExp(`/portal/pins/reset/([A-Za-z0-9_-]+)/${accountId}$`).exec(link);
  if (!match?.[1]) throw new Error(`unexpected link ${link}`);
  return { key: match[1], link, mail };
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

describe('pins/get-user-accounts-pins', () => {
  it("lists the caller's accounts that require a PIN, and whether each has one", async () => {
    const list = await listPins(customer);
    expect(list).toHaveLength(1);
    pinAccount = first(list);
    // The spec's Account entity, with whether a PIN is set beside it (issue 15), and nothing else.
    expect(pinAccount).toEqual({
      account_id: expect.any(Number),
      name: 'Acme Logistics – Distribution Centers',
      account_number: '1000102',
      require_pin: true,
      has_pin: true,
    });
    const mine = await accountsOf(t, customer);
    expect(mine.filter((a) => a.require_pin).map((a) => a.account_id)).toEqual([pinAccount.account_id]);
    expect(await listPins(admin)).toEqual([]);
    expect((await t.call('POST', '/api/pins/get-user-accounts-pins', { body: {} })).status).toBe(401);
  });

  it('shows an account that requires a PIN but has none (the page says "No PIN")', async () => {
    const corporate = first((await accountsOf(t, customer)).filter((a) => !a.require_pin));
    await t.db.query('UPDATE accounts SET require_pin = true WHERE account_id = $1', [corporate.account_id]);
    const list = await listPins(customer);
    expect(list.find((a) => a.account_id === corporate.account_id)).toMatchObject({ has_pin: false });
    const res = await sendReset(customer, corporate.account_id);
    expect(res.status).toBe(404);
    await t.db.query('UPDATE accounts SET require_pin = false WHERE account_id = $1', [corporate.account_id]);
  });
});

describe('pins/send-pin-reset and pins/reset-pin', () => {
  it('mails a link; the link shows a new PIN once; the database keeps only hashes', async () => {
    const sent = await sendReset(customer, pinAccount.account_id);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ account_id: pinAccount.account_id });
    const { key, link, mail } = await lastLink(pinAccount.account_id);
    expect(link.startsWith('http://localhost:8080/portal/pins/reset/')).toBe(true);
    expect(mail?.to_address).toBe('customer@demo.test');
    expect(mail?.text_body).toContain(link);
    const stored = await t.db.query<{ key_hash: string }>('SELECT key_hash FROM pin_resets WHERE account_id = $1', [
      pinAccount.account_id,
    ]);
    expect(stored.map((r) => r.key_hash)).toEqual([hashLinkToken(key)]);
    expect(JSON.stringify(stored)).not.toContain(key);

    const res = await resetPin(customer, key, pinAccount.account_id);
    expect(res.status).toBe(200);
    const data = res.body.data as { pin: string; account_number: string; name: string; account_id: number };
    expect(data).toMatchObject({ account_id: pinAccount.account_id, account_number: '1000102', name: pinAccount.name });
    expect(data.pin).toMatch(new RegExp(`^\\d{${pins.pinRules.digits}}$`));
    const hash = (await pinHashOf(pinAccount.account_id)) as string;
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).not.toContain(data.pin);
    expect(await verify(hash, data.pin)).toBe(true);
    expect(await verify(hash, DEMO_PIN)).toBe(false);

    // The same link a second time: the spec's box text, and the PIN stays as it is.
    const again = await resetPin(customer, key, pinAccount.account_id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'NOT_FOUND', message: messages.pinLinkInvalid, data: null });
    expect(await pinHashOf(pinAccount.account_id)).toBe(hash);
  });

  it('expires a link after an hour, and a newer link replaces an older one', async () => {
    await sendReset(customer, pinAccount.account_id);
    const older = (await lastLink(pinAccount.account_id)).key;
    await sendReset(customer, pinAccount.account_id);
    const newer = (await lastLink(pinAccount.account_id)).key;
    expect((await resetPin(customer, older, pinAccount.account_id)).body.message).toBe(messages.pinLinkInvalid);
    t.clock.advance(pins.pinRules.linkTtlSeconds * 1000 + 1000);
    expect((await resetPin(customer, newer, pinAccount.account_id)).body.message).toBe(messages.pinLinkInvalid);
  });

  it("works only for the user it was sent to and the account in the link; another customer's account is NOT_FOUND", async () => {
    await sendReset(customer, pinAccount.account_id);
    const { key } = await lastLink(pinAccount.account_id);
    const byAdmin = await resetPin(admin, key, pinAccount.account_id);
    expect(byAdmin.status).toBe(404);
    expect(byAdmin.body.data).toBeNull();
    const otherAccount = first((await accountsOf(t, customer)).filter((a) => a.account_id !== pinAccount.account_id));
    expect((await resetPin(customer, key, otherAccount.account_id)).status).toBe(404);
    expect((await resetPin(customer, `${key}x`, pinAccount.account_id)).status).toBe(404);
    // Still good for its own user after those attempts.
    expect((await resetPin(customer, key, pinAccount.account_id)).status).toBe(200);

    const theirs = first(await accountsOf(t, admin));
    await t.db.query('UPDATE accounts SET require_pin = true, pin_hash = $2 WHERE account_id = $1', [
      theirs.account_id,
      'x',
    ]);
    const foreign = await sendReset(customer, theirs.account_id);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    const notPin = first((await accountsOf(t, customer)).filter((a) => !a.require_pin));
    expect((await sendReset(customer, notPin.account_id)).status).toBe(404);
  });

  it('checks input and the token', async () => {
    const bad = await sendReset(customer, 'x');
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ accountId: ['This value should be a valid integer.'] });
    const noKey = await t.call('POST', '/api/pins/reset-pin', {
      token: customer,
      body: { reset_key: '', account_id: 'y' },
    });
    expect(noKey.body.data).toEqual({
      reset_key: ['This value is required.'],
      account_id: ['This value should be a valid integer.'],
    });
    expect((await t.call('POST', '/api/pins/send-pin-reset', { body: { accountId: 1 } })).status).toBe(401);
    expect((await t.call('POST', '/api/pins/reset-pin', { body: { reset_key: 'k', account_id: 1 } })).status).toBe(401);
  });
});
