import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Account, Notification, Paged } from '@portal/contract';

import type { TestApp } from '../helpers/test-app.ts';
import { first, twoCustomers } from '../invoices/billing-fixtures.ts';

let t: TestApp, customer: string, admin: string, mine: Account[], theirs: Account[];

beforeAll(async () => {
  ({ t, customer, admin, mine, theirs } = await twoCustomers());
});
afterAll(() => t.close());

const list = (body: object, token = customer, page = 1) =>
  t.call('POST', `/api/notifications/get-cmc-notifications?page=${page}`, { token, body });
const pageOf = (res: { body: { data: unknown } }) => res.body.data as Paged<Notification>;
const one = (notificationId: unknown, token = customer) =>
  t.call('POST', '/api/notifications/get-cmc-notification', { token, body: { notificationId } });

const dbCount = async (accountIds: number[]) =>
  (
    await t.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM cmc_contact_emails WHERE account_id = ANY($1::int[])',
      [accountIds],
    )
  )?.n ?? 0;

describe('notifications/get-cmc-notifications', () => {
  it('pages 10 at a time, newest first, over all the caller accounts', async () => {
    const total = await dbCount(mine.map((a) => a.account_id));
    expect(total).toBeGreaterThan(10);
    const p1 = pageOf(await list({}));
    expect(p1).toMatchObject({ current_page: 1, per_page: 10, total, last_page: Math.ceil(total / 10) });
    expect(p1.data).toHaveLength(10);
    const created = p1.data.map((n) => n.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const n = first(p1.data);
    expect(n).toMatchObject({
      cmc_contact_email_id: expect.any(Number),
      created_readable: expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/),
      created_diff_humans: expect.stringMatching(/ago|from now|just now/),
      cmc_contact_batch: {
        subject: expect.any(String),
        date: expect.any(Number),
        service_affecting: expect.any(Boolean),
        description_of_work: expect.any(String),
        ticket_number: expect.any(String),
        window_start_time: expect.any(Number),
        window_end_time: expect.any(Number),
      },
    });
    const ids = new Set(mine.map((a) => a.account_id));
    expect(p1.data.every((x) => ids.has(x.account_id))).toBe(true);

    const p2 = pageOf(await list({}, customer, 2));
    expect(p2.current_page).toBe(2);
    const firstIds = new Set(p1.data.map((x) => x.cmc_contact_email_id));
    expect(p2.data.some((x) => firstIds.has(x.cmc_contact_email_id))).toBe(false);
  });

  it('filters by account and searches subject, ticket number and circuits', async () => {
    const account = first(mine).account_id;
    const byAccount = pageOf(await list({ accountId: account }));
    expect(byAccount.total).toBe(await dbCount([account]));
    expect(byAccount.data.every((x) => x.account_id === account)).toBe(true);

    const sample = first(pageOf(await list({})).data);
    const ticket = pageOf(await list({ search: sample.cmc_contact_batch.ticket_number.toLowerCase() }));
    expect(ticket.total).toBeGreaterThan(0);
    expect(ticket.data.every((x) => x.cmc_contact_batch.ticket_number === sample.cmc_contact_batch.ticket_number)).toBe(
      true,
    );

    const word =
      sample.cmc_contact_batch.subject.split(/\s+/).find((w) => w.length > 4) ?? sample.cmc_contact_batch.subject;
    const subject = pageOf(await list({ search: word }));
    expect(subject.data.some((x) => x.cmc_contact_email_id === sample.cmc_contact_email_id) || subject.total > 10).toBe(
      true,
    );
    expect(subject.data.every((x) => JSON.stringify(x).toLowerCase().includes(word.toLowerCase()))).toBe(true);

    const circuit = await t.db.one<{ circuit: string }>(
      `SELECT split_part(circuit_ids, ',', 1) AS circuit FROM cmc_contact_emails
        WHERE account_id = ANY($1::int[]) AND circuit_ids IS NOT NULL AND circuit_ids <> '' LIMIT 1`,
      [mine.map((a) => a.account_id)],
    );
    expect(circuit, 'a demo notice naming a circuit').toBeDefined();
    const byCircuit = pageOf(await list({ search: String(circuit?.circuit).trim() }));
    expect(byCircuit.total).toBeGreaterThan(0);

    expect(pageOf(await list({ search: 'no-such-thing-%' })).total).toBe(0);
  });

  it("refuses another customer's account and validates the payload", async () => {
    const other = await list({ accountId: first(theirs).account_id });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', data: null });

    const bad = await list({ accountId: 'one', search: 'x'.repeat(200) }, customer, 0);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['accountId', 'page', 'search']);
    expect((await t.call('POST', '/api/notifications/get-cmc-notifications', { body: {} })).body.code).toBe(
      'INVALID_TOKEN',
    );
  });
});

describe('notifications/get-cmc-notification', () => {
  it('returns every detail field of one of the caller notifications', async () => {
    const sample = first(pageOf(await list({})).data);
    const res = await one(sample.cmc_contact_email_id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(sample);
    const batch = (res.body.data as Notification).cmc_contact_batch;
    expect(Object.keys(batch).sort()).toEqual(
      [
        'area',
        'cancelled',
        'circuits_affected',
        'date',
        'description_of_work',
        'duration_of_interruption',
        'kind',
        'scheduled_event',
        'service_affecting',
        'subject',
        'ticket_number',
        'window_end_time',
        'window_start_time',
      ].sort(),
    );
  });

  it("answers NOT_FOUND with no data for another customer's notification or none", async () => {
    const foreign = first(pageOf(await list({}, admin)).data);
    for (const id of [foreign.cmc_contact_email_id, 2147483647]) {
      const res = await one(id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    }
  });

  it('validates the id and needs a token', async () => {
    const bad = await one('abc');
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ notificationId: ['This value should be a valid integer.'] });
    const missing = await one(undefined);
    expect(missing.body.code).toBe('VALIDATION_ERROR');
    expect(
      (await t.call('POST', '/api/notifications/get-cmc-notification', { body: { notificationId: 1 } })).status,
    ).toBe(401);
  });
});
