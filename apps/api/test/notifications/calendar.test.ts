import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Account } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from '../integration/kit.ts';
import { download, first, twoCustomers } from '../invoices/billing-fixtures.ts';

let t: TestApp, customer: string, admin: string, mine: Account[], theirs: Account[], feedToken: string;

const hours = (n: number) => new Date(t.clock.now() + n * 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
const notice = () => ({
  external_id: 'CAL-1',
  kind: 'maintenance',
  subject: 'Core router upgrade',
  service_affecting: true,
  description_of_work: 'Software upgrade of the core routers.',
  area: 'North',
  ticket_number: 'CHG-CAL-1',
  duration_of_interruption: '5 minutes',
  window_start_time: hours(48),
  window_end_time: hours(50),
  circuits_affected: 'CIR-CAL',
  account_numbers: [first(mine).account_number],
});

beforeAll(async () => {
  ({ t, customer, admin, mine, theirs } = await twoCustomers());
  feedToken = (await newToken(t, await t.signIn(demoEmails.staff3), ['notifications'])).token;
  expect(statuses((await batch(t, feedToken, 'notifications', [notice()])).results)).toEqual(['created']);
});
afterAll(() => t.close());

const state = (token = customer) => t.call('GET', '/api/notifications/calendar-feed', { token });
const renew = (token = customer) => t.call('POST', '/api/notifications/calendar-feed', { token });
const turnOff = (token = customer) => t.call('DELETE', '/api/notifications/calendar-feed', { token });
/** GET of a feed address, as a calendar app sends it: no token. */
const fetchFeed = (url: string) => t.call('GET', new URL(url).pathname);
const events = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
const calendarOf = async (url: string) => {
  const res = await fetchFeed(url);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return events(res.raw);
};
const ours = (list: ICAL.Event[]) => list.filter((e) => e.summary.endsWith('Core router upgrade'));
const batchId = async () =>
  (await t.db.one<{ batch_id: number }>(`SELECT batch_id FROM cmc_contact_batches WHERE external_id = 'CAL-1'`))!
    .batch_id;
const notificationIdOf = async (accountId: number) =>
  (await t.db.one<{ id: number }>(
    `SELECT e.cmc_contact_email_id AS id FROM cmc_contact_emails e JOIN cmc_contact_batches b USING (batch_id)
      WHERE b.external_id = 'CAL-1' AND e.account_id = $1`,
    [accountId],
  ))!.id;
const renewedUrl = async (token = customer) => {
  const res = await renew(token);
  expect(res.status).toBe(200);
  return (res.body.data as { url: string }).url;
};

describe('notifications/calendar-feed (the private address)', () => {
  it('is off at first; renew turns it on with an address shown once; the state never shows it', async () => {
    expect((await state()).body).toEqual({
      data: { created_at: null, last_read_at: null },
      code: 'SUCCESS',
      message: '',
    });
    const res = await renew();
    const data = res.body.data as { url: string; created_at: number };
    expect(data.url).toMatch(/^http:\/\/localhost:\d+\/api\/calendar\/pcf_[\w-]{43}\.ics$/);
    expect(data.created_at).toBe(Math.floor(t.clock.now() / 1000));
    const held = await state();
    expect(held.body.data).toEqual({ created_at: data.created_at, last_read_at: null });
    expect(held.raw).not.toContain('pcf_');
    const stored = await t.db.one<{ secret_hash: string }>(
      `SELECT secret_hash FROM calendar_feeds f JOIN users u USING (user_id) WHERE u.email_nm = 'customer@demo.test'`,
    );
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data.url).not.toContain(stored!.secret_hash);
  });

  it('answers INVALID_TOKEN to every call without a token', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.call(method, '/api/notifications/calendar-feed');
      expect([res.status, res.body.code, res.body.data]).toEqual([401, 'INVALID_TOKEN', null]);
    }
  });

  it('serves the feed without a token: the notice with its details, sequence 0, confirmed; notes the read', async () => {
    const url = await renewedUrl();
    const [event, ...more] = ours(await calendarOf(url));
    expect(more).toEqual([]);
    const id = await batchId();
    expect(event!.uid).toBe(`notice-${id}@localhost`);
    expect(event!.summary).toBe('Maintenance: Core router upgrade');
    expect(event!.startDate.toJSDate().toISOString()).toBe(new Date(notice().window_start_time).toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(new Date(notice().window_end_time).toISOString());
    expect(event!.sequence).toBe(0);
    expect(event!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    const link = event!.component.getFirstPropertyValue('url');
    expect(link).toMatch(
      new RegExp(`^http://localhost:\\d+/portal/notifications/view/${await notificationIdOf(first(mine).account_id)}$`),
    );
    expect(event!.description).toContain('Description of work: Software upgrade of the core routers.');
    expect(event!.description).toContain('Area: North');
    expect(event!.description).toContain('Service affecting: Yes');
    expect(event!.description).toContain('Duration of interruption: 5 minutes');
    expect(event!.description).toContain('Circuits affected: CIR-CAL');
    expect(event!.description).toContain(`Accounts: ${first(mine).account_number}`);
    expect((await state()).body.data).toMatchObject({ last_read_at: Math.floor(t.clock.now() / 1000) });
  });

  it('raises SEQUENCE when the provider changes what the event shows, not for a repeat or new recipients', async () => {
    const url = await renewedUrl();
    const sequence = async () => first(ours(await calendarOf(url))).sequence;
    expect(statuses((await batch(t, feedToken, 'notifications', [notice()])).results)).toEqual(['unchanged']);
    expect(await sequence()).toBe(0);
    const moved = { ...notice(), window_start_time: hours(72), window_end_time: hours(74) };
    t.clock.advance(60_000);
    expect(statuses((await batch(t, feedToken, 'notifications', [moved])).results)).toEqual(['updated']);
    const [event] = ours(await calendarOf(url));
    expect(event!.sequence).toBe(1);
    expect(event!.startDate.toJSDate().toISOString()).toBe(new Date(moved.window_start_time).toISOString());
    expect(event!.component.getFirstPropertyValue('dtstamp')!.toString()).toBe(
      new Date(Math.floor(t.clock.now() / 1000) * 1000).toISOString().replace('.000', ''),
    );
    // Only who receives it changes: the same event, the same revision.
    const wider = { ...moved, account_numbers: mine.map((a) => a.account_number) };
    expect(statuses((await batch(t, feedToken, 'notifications', [wider])).results)).toEqual(['updated']);
    const [widened, ...copies] = ours(await calendarOf(url));
    expect(copies).toEqual([]);
    expect(widened!.sequence).toBe(1);
    expect(widened!.description).toContain(
      `Accounts: ${mine
        .map((a) => a.account_number)
        .sort()
        .join(', ')}`,
    );
    // Put back as it was for the other tests: a change, so one more revision.
    expect(statuses((await batch(t, feedToken, 'notifications', [notice()])).results)).toEqual(['updated']);
    expect(await sequence()).toBe(2);
  });

  it('says STATUS:CANCELLED with a higher SEQUENCE when the provider cancels, and back when it does not', async () => {
    const url = await renewedUrl();
    const before = first(ours(await calendarOf(url))).sequence;
    expect(statuses((await batch(t, feedToken, 'notifications', [{ ...notice(), cancelled: true }])).results)).toEqual([
      'updated',
    ]);
    const [cancelled] = events((await fetchFeed(url)).raw).filter((e) => e.summary.includes('Core router upgrade'));
    expect(cancelled!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled!.summary).toBe('Cancelled maintenance: Core router upgrade');
    expect(cancelled!.sequence).toBe(before + 1);
    const page = await t.call('POST', '/api/notifications/get-cmc-notification', {
      token: customer,
      body: { notificationId: await notificationIdOf(first(mine).account_id) },
    });
    expect(page.body.data).toMatchObject({ cmc_contact_batch: { cancelled: true } });
    expect(statuses((await batch(t, feedToken, 'notifications', [notice()])).results)).toEqual(['updated']);
    const [restored] = ours(await calendarOf(url));
    expect(restored!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(restored!.sequence).toBe(before + 2);
  });

  it("keeps another company's notices out of a user's feed", async () => {
    const url = await renewedUrl(admin);
    const list = await calendarOf(url);
    expect(ours(list)).toEqual([]);
    const theirIds = new Set(theirs.map((a) => a.account_number));
    for (const event of list) {
      const accounts = /Accounts: (.*)/.exec(event.description)![1]!.split(', ');
      expect(accounts.every((n) => theirIds.has(n))).toBe(true);
    }
  });

  it('renew voids the old address at once (404 NOT_FOUND); the new one works', async () => {
    const old = await renewedUrl();
    expect((await fetchFeed(old)).status).toBe(200);
    const next = await renewedUrl();
    expect(next).not.toBe(old);
    const gone = await fetchFeed(old);
    expect([gone.status, gone.body.code, gone.body.data]).toEqual([404, 'NOT_FOUND', null]);
    expect(ours(await calendarOf(next))).toHaveLength(1);
  });

  it('turn off voids the address; the state says off; turning off twice is fine', async () => {
    const url = await renewedUrl();
    expect((await turnOff()).body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    expect((await fetchFeed(url)).status).toBe(404);
    expect((await state()).body.data).toEqual({ created_at: null, last_read_at: null });
    expect((await turnOff()).status).toBe(200);
  });

  it('answers 404 to an unknown secret and a VALIDATION_ERROR to one that is no secret', async () => {
    const unknown = await t.call('GET', `/api/calendar/pcf_${'x'.repeat(43)}.ics`);
    expect([unknown.status, unknown.body.code, unknown.body.data]).toEqual([404, 'NOT_FOUND', null]);
    const bad = await t.call('GET', `/api/calendar/pcf_a%20b.ics`);
    expect([bad.status, bad.body.code]).toEqual([422, 'VALIDATION_ERROR']);
    expect(bad.body.data).toEqual({ feed: [expect.any(String)] });
  });

  it("follows the user's access now: an account taken away takes its notices out of the feed", async () => {
    const url = await renewedUrl();
    expect(ours(await calendarOf(url))).toHaveLength(1);
    const account = first(mine);
    const userId = (await t.db.one<{ user_id: number }>(
      `SELECT user_id FROM users WHERE email_nm = 'customer@demo.test'`,
    ))!.user_id;
    await t.db.query('DELETE FROM accounts_users WHERE user_id = $1 AND account_id = $2', [userId, account.account_id]);
    try {
      expect(ours(await calendarOf(url))).toEqual([]);
    } finally {
      await t.db.query('INSERT INTO accounts_users (account_id, user_id) VALUES ($1, $2)', [
        account.account_id,
        userId,
      ]);
    }
    expect(ours(await calendarOf(url))).toHaveLength(1);
  });
});

describe('notifications/download-calendar-event (Add to calendar)', () => {
  /** token '': no token. */
  const get = (notificationId: unknown, token = customer) =>
    download(t, '/api/notifications/download-calendar-event', token || undefined, { notificationId });

  it('downloads the one event, the same UID as in the feed, as an attachment', async () => {
    const res = await get(await notificationIdOf(first(mine).account_id));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=notification-CHG-CAL-1.ics');
    const [event, ...more] = events(res.bytes.toString('utf8'));
    expect(more).toEqual([]);
    expect(event!.uid).toBe(`notice-${await batchId()}@localhost`);
    expect(event!.summary).toBe('Maintenance: Core router upgrade');
  });

  it('answers a VALIDATION_ERROR to a bad id, INVALID_TOKEN without a token', async () => {
    const bad = await get('abc');
    expect([bad.status, bad.json().code]).toEqual([422, 'VALIDATION_ERROR']);
    expect(bad.json().data).toEqual({ notificationId: [expect.any(String)] });
    const none = await get(await notificationIdOf(first(mine).account_id), '');
    expect([none.status, none.json().code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it("answers NOT_FOUND for another company's notification and for an unknown one", async () => {
    const theirsId = (await t.db.one<{ id: number }>(
      'SELECT cmc_contact_email_id AS id FROM cmc_contact_emails WHERE account_id = $1 LIMIT 1',
      [first(theirs).account_id],
    ))!.id;
    for (const id of [theirsId, 2_000_000_000]) {
      const res = await get(id);
      expect([res.status, res.json()]).toEqual([404, { data: null, code: 'NOT_FOUND', message: expect.any(String) }]);
    }
    // The other company's user cannot take ours.
    const ours = await get(await notificationIdOf(first(mine).account_id), admin);
    expect(ours.status).toBe(404);
  });
});
