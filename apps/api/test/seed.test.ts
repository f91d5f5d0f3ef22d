import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { CONTROLLERS } from '../src/seed/catalog.ts';
import {
  DEMO_PASSWORD,
  DEMO_PIN,
  TOTP_SECRET,
  UNACCEPTED_AGREEMENT_TITLE,
  demoAccounts,
  demoEmails,
} from '../src/seed/demo.ts';
import { isEmpty, seed, type SeedSummary } from '../src/seed/index.ts';
import { isoDate, monthStart } from '../src/seed/time.ts';
import { emptyDatabases } from './helpers/empty-db.ts';
import { openSeededDb } from './helpers/test-app.ts';

// The demo data is a contract (DESIGN.md, "Demo data"): these tests pin it. They seed their own empty
// database (in-memory PGlite, or a scratch PostgreSQL database in the 'api-pg' project) once, at the
// clock the run's seeded demo database was seeded at, and compare it with a copy of that one
// (determinism) instead of seeding twice (decision 137).
const NOW = new Date(inject('seedNow'));
const { emptyDb, closeAll } = emptyDatabases('portal_seed');

let db: Db;
let summary: SeedSummary;
let template: Awaited<ReturnType<typeof openSeededDb>>;

beforeAll(async () => {
  template = await openSeededDb();
  db = await emptyDb();
  await migrate(db);
  expect(await isEmpty(db)).toBe(true);
  summary = await seed(db, { now: NOW });
  // A guard against a hang: seeding PGlite takes a minute or two while the browser tests run beside it.
}, 300_000);
afterAll(async () => {
  await template?.db.close();
  await template?.drop();
  await closeAll();
});

interface Membership {
  account_number: string;
  name: string;
  is_account_admin: boolean;
  require_pin: boolean;
  pin_hash: string | null;
  account_status_cd: string;
  is_2fa_required: boolean;
}

const memberships = (email: string) =>
  db.query<Membership>(
    `SELECT a.account_number, a.name, au.is_account_admin, a.require_pin, a.pin_hash, a.account_status_cd, a.is_2fa_required
       FROM users u JOIN accounts_users au USING (user_id) JOIN accounts a USING (account_id)
      WHERE u.email_nm = $1 ORDER BY a.account_number`,
    [email],
  );

const user = async (email: string) => {
  const row = await db.one<{
    password_hash: string;
    uss_admin_level: number;
    two_factor_enabled: boolean;
    two_factor_secret: string | null;
    email_verified_at: Date | null;
  }>(
    'SELECT password_hash, uss_admin_level, two_factor_enabled, two_factor_secret, email_verified_at FROM users WHERE email_nm = $1',
    [email],
  );
  if (!row) throw new Error(`no user ${email}`);
  return row;
};

describe('demo sign-ins', () => {
  it('customer@ holds the three Acme accounts: one needs a PIN, one is disconnected, none needs 2FA', async () => {
    const rows = await memberships(demoEmails.customer);
    expect(rows.map((r) => [r.account_number, r.name])).toEqual(
      demoAccounts.customer.map((a) => [a.account_number, a.name]),
    );
    expect(rows.filter((r) => r.require_pin)).toHaveLength(1);
    expect(rows.filter((r) => r.account_status_cd === 'D')).toHaveLength(1);
    expect(rows.some((r) => r.is_2fa_required || r.is_account_admin)).toBe(false);
    const pinned = rows.find((r) => r.require_pin);
    expect(pinned?.pin_hash?.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verify(pinned?.pin_hash ?? '', DEMO_PIN)).toBe(true);
  });

  it('admin@ administers exactly two accounts of another company and has users to manage', async () => {
    const rows = await memberships(demoEmails.admin);
    expect(rows.map((r) => r.account_number)).toEqual(demoAccounts.admin.map((a) => a.account_number));
    expect(rows.filter((r) => r.is_account_admin).map((r) => r.account_number)).toEqual(['1000201', '1000202']);
    const customerNumbers = (await memberships(demoEmails.customer)).map((r) => r.account_number);
    expect(rows.some((r) => customerNumbers.includes(r.account_number))).toBe(false);
    const others = await db.one<{ n: number }>(
      `SELECT count(DISTINCT au.user_id)::int AS n FROM accounts_users au JOIN accounts a USING (account_id)
        JOIN users u USING (user_id) WHERE a.account_number IN ('1000201', '1000202') AND u.email_nm <> $1`,
      [demoEmails.admin],
    );
    expect(others?.n).toBeGreaterThanOrEqual(2);
  });

  it('every demo user signs in with the demo password (argon2id at the production cost) and is verified; staff levels are 1, 2, 3', async () => {
    for (const email of Object.values(demoEmails)) {
      const u = await user(email);
      // The library's defaults, as lib/passwords.ts hashes: only the tests' copies are cheaper.
      expect(u.password_hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
      expect(u.email_verified_at).not.toBeNull();
    }
    expect(await verify((await user(demoEmails.customer)).password_hash, DEMO_PASSWORD)).toBe(true);
    const staff = [demoEmails.staff1, demoEmails.staff2, demoEmails.staff3];
    expect(await Promise.all(staff.map(async (email) => (await user(email)).uss_admin_level))).toEqual([1, 2, 3]);
    for (const email of staff) expect((await memberships(email)).length).toBeGreaterThan(0);
    const totp = await user(demoEmails.totp);
    expect([totp.two_factor_enabled, totp.two_factor_secret]).toEqual([true, TOTP_SECRET]);
    expect(await memberships(demoEmails.noAccounts)).toEqual([]);
  });

  it('only twofa-required@ holds an account that requires two-factor, and has it off', async () => {
    const holders = await db.query<{ email_nm: string; two_factor_enabled: boolean }>(
      `SELECT DISTINCT u.email_nm, u.two_factor_enabled FROM accounts a JOIN accounts_users au USING (account_id)
        JOIN users u USING (user_id) WHERE a.is_2fa_required`,
    );
    expect(holders).toEqual([{ email_nm: demoEmails.twofaRequired, two_factor_enabled: false }]);
    expect((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts WHERE is_2fa_required'))?.n).toBe(1);
  });

  it('legal@ has not accepted the newest active agreement; everyone else accepted every active one', async () => {
    const missing = await db.query<{ email_nm: string; title: string }>(
      `SELECT u.email_nm, la.title FROM users u CROSS JOIN legal_agreements la
        WHERE la.active AND NOT EXISTS (SELECT 1 FROM legal_acceptances x WHERE x.user_id = u.user_id AND x.legal_agreement_id = la.legal_agreement_id)`,
    );
    expect(missing).toEqual([{ email_nm: demoEmails.legal, title: UNACCEPTED_AGREEMENT_TITLE }]);
    const newest = await db.one<{ title: string }>(
      'SELECT title FROM legal_agreements WHERE active ORDER BY created_at DESC LIMIT 1',
    );
    expect(newest?.title).toBe(UNACCEPTED_AGREEMENT_TITLE);
    expect((await db.query('SELECT 1 FROM legal_agreements WHERE NOT active')).length).toBe(1);
  });
});

/** The demo customer's main account, which has enough of everything for each list to page (issue 15). */
const MAIN = demoAccounts.customer[0].account_number;

const customerScope = `account_id IN (SELECT account_id FROM accounts_users JOIN users USING (user_id) WHERE email_nm = '${demoEmails.customer}')`;

describe('services, tickets and charts', () => {
  it('the demo customer has an active order of every product type, each with months of chart data', async () => {
    const rows = await db.query<{ product_controller: string; charted: number; orders: number }>(
      `SELECT p.product_controller, count(*)::int AS orders,
              count(*) FILTER (WHERE EXISTS (SELECT 1 FROM metric_series m WHERE m.base_order_id = o.base_order_id))::int AS charted
         FROM orders o JOIN products p USING (product_cd) WHERE o.order_status_cd = 'A' AND o.${customerScope} GROUP BY 1`,
    );
    for (const controller of CONTROLLERS) {
      const row = rows.find((r) => r.product_controller === controller);
      expect(row?.orders, controller).toBeGreaterThan(0);
      expect(row?.charted, controller).toBe(row?.orders);
    }
    const span = await db.one<{ days: number }>(
      'SELECT extract(day FROM max(bucket) - min(bucket))::int AS days FROM metric_1d',
    );
    expect(span?.days).toBeGreaterThanOrEqual(390);
    const raw = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM metric_raw');
    expect(raw?.n).toBeLessThan(200_000);
  });

  it('every demo account has 8-30 active orders (the main one 31-34) whose components add up; pending orders name a project manager', async () => {
    const counts = await db.query<{ account_number: string; active: number; pending_without_pm: number }>(
      `SELECT a.account_number, count(*) FILTER (WHERE o.order_status_cd = 'A')::int AS active,
              count(*) FILTER (WHERE o.order_status_cd = 'P' AND o.project_manager_id IS NULL)::int AS pending_without_pm
         FROM accounts a JOIN orders o USING (account_id) WHERE a.account_number LIKE '1000%' GROUP BY 1`,
    );
    expect(counts).toHaveLength(Object.values(demoAccounts).flat().length);
    for (const c of counts) {
      const [fewest, most] = c.account_number === MAIN ? [31, 34] : [8, 30];
      expect(c.active, c.account_number).toBeGreaterThanOrEqual(fewest);
      expect(c.active, c.account_number).toBeLessThanOrEqual(most);
      expect(c.pending_without_pm).toBe(0);
    }
    const bad = await db.query(
      `SELECT o.base_order_id FROM orders o JOIN order_components c USING (base_order_id) GROUP BY o.base_order_id, o.mrc_charges
       HAVING sum(c.mrc_charges) <> o.mrc_charges OR count(*) NOT BETWEEN 2 AND 6`,
    );
    expect(bad).toEqual([]);
    const pending = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders WHERE order_status_cd = 'P' AND ${customerScope}`,
    );
    expect(pending?.n).toBeGreaterThanOrEqual(5);
  });

  it('the demo customer has tickets in every status, exactly one asking for a response', async () => {
    const rows = await db.query<{ status: string; asks: boolean }>(
      `SELECT status, request_customer_response AS asks FROM tickets WHERE ${customerScope}`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.status))).toEqual(
      new Set(['Open', 'In Progress', 'Pending Customer', 'Deferred to Client', 'Postponed', 'Closed', 'Canceled']),
    );
    expect(rows.filter((r) => r.asks).map((r) => r.status)).toEqual(['Pending Customer']);
    const threads = await db.query<{ n: number; ordered: boolean }>(
      `SELECT count(*)::int AS n, bool_and(m.created_at <= t.last_update_posted AND m.created_at >= t.created) AS ordered
         FROM tickets t JOIN ticket_messages m USING (ticket_id) GROUP BY t.ticket_id`,
    );
    expect(threads.every((t) => t.n >= 1 && t.n <= 4 && t.ordered)).toBe(true);
  });
});

describe('billing', () => {
  it('every account has 13 monthly invoices (the main one 61: five years) whose charges add up to the total and to their lines', async () => {
    const perAccount = await db.query<{ account_number: string; n: number }>(
      `SELECT a.account_number, count(i.cycle_log_id)::int AS n FROM accounts a LEFT JOIN invoices i USING (account_id)
        GROUP BY a.account_id ORDER BY a.account_id`,
    );
    expect(perAccount.filter((r) => r.account_number === MAIN).map((r) => r.n)).toEqual([61]);
    expect(new Set(perAccount.filter((r) => r.account_number !== MAIN).map((r) => r.n))).toEqual(new Set([13]));
    const main = await db.one<{ oldest: string; bare: number }>(
      `SELECT min(bill_date)::text AS oldest,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM invoice_products p WHERE p.cycle_log_id = i.cycle_log_id))::int AS bare
         FROM invoices i JOIN accounts a USING (account_id) WHERE a.account_number = $1`,
      [MAIN],
    );
    // Monthly from five years before this month to this month, each billing the services running then.
    expect(main).toEqual({ oldest: isoDate(monthStart(NOW, 60)), bare: 0 });
    const bad = await db.query(
      `SELECT i.cycle_log_id FROM invoices i
        WHERE i.total_amt_due <> i.monthly_charges + i.late_payment_charges + i.adjustments + i.taxes_fees_other + i.governmental_charges + i.balance_forward
           OR i.monthly_charges <> (SELECT coalesce(sum(price), 0) FROM invoice_products p WHERE p.cycle_log_id = i.cycle_log_id)
           OR i.due_date <> i.bill_date + 30 OR extract(day FROM i.bill_date) <> 1 OR i.amount_paid > i.total_amt_due`,
    );
    expect(bad).toEqual([]);
    const newest = await db.one<{ bill_date: string }>('SELECT max(bill_date)::text AS bill_date FROM invoices');
    expect(newest?.bill_date).toBe(isoDate(monthStart(NOW, 0)));
  });

  it('the demo customer owes something in every aging bucket and has one invoice without a PDF', async () => {
    // By the months an invoice was billed before this month's: 0 (0-30 days), 1 (30-60), 2 (60-90) and 4
    // (90+). (The seed's clock is the run's, and in days the first two days of March put the invoice of
    // one month back under 30.)
    const owed = await db.query<{ back: number; owed: number }>(
      `SELECT ((extract(year FROM $1::date) - extract(year FROM bill_date)) * 12
               + extract(month FROM $1::date) - extract(month FROM bill_date))::int AS back,
              sum(total_amt_due - amount_paid)::float AS owed
         FROM invoices WHERE ${customerScope} GROUP BY 1`,
      [isoDate(NOW)],
    );
    for (const back of [0, 1, 2, 4]) expect(owed.find((o) => o.back === back)?.owed, `${back}`).toBeGreaterThan(0);
    const noPdf = await db.query(`SELECT 1 FROM invoices WHERE NOT is_downloadable AND ${customerScope}`);
    expect(noPdf).toHaveLength(1);
  });
});

describe('notices and content', () => {
  it('customer@ and admin@ see upcoming and recent notifications; one outage banner is current', async () => {
    for (const email of [demoEmails.customer, demoEmails.admin]) {
      const row = await db.one<{ upcoming: number; recent: number }>(
        `SELECT count(*) FILTER (WHERE b.window_start_time > $2)::int AS upcoming,
                count(*) FILTER (WHERE b.window_start_time <= $2 AND b.window_start_time > $2::timestamptz - interval '30 days')::int AS recent
           FROM cmc_contact_emails e JOIN cmc_contact_batches b USING (batch_id)
          WHERE e.account_id IN (SELECT account_id FROM accounts_users JOIN users USING (user_id) WHERE email_nm = $1)`,
        [email, NOW],
      );
      expect(row?.upcoming, email).toBeGreaterThan(0);
      expect(row?.recent, email).toBeGreaterThan(0);
    }
    const outages = await db.query<{ current: boolean }>(
      'SELECT (ends_at IS NULL OR ends_at > $1) AS current FROM outages ORDER BY outage_id',
      [NOW],
    );
    expect(outages.map((o) => o.current)).toEqual([true, false]);
  });

  it('has resource categories with children and ~24 articles, one carrying a script tag to sanitise', async () => {
    const tops = await db.query<{ title: string; children: number }>(
      'SELECT c.title, (SELECT count(*)::int FROM resource_categories k WHERE k.parent_id = c.id) AS children FROM resource_categories c WHERE c.parent_id IS NULL',
    );
    expect(tops.map((t) => t.title)).toEqual(['Knowledge Base', 'Product Updates', 'Security Advisories']);
    expect(tops.every((t) => t.children >= 1)).toBe(true);
    expect(summary.counts.resources).toBeGreaterThanOrEqual(20);
    expect(await db.query("SELECT 1 FROM resources WHERE body LIKE '%<script%'")).toHaveLength(1);
  });
});

describe("the main account's volumes (issue 15)", () => {
  it('has at least 60 invoices, 40 notifications, 30 tickets and 30 services, dated up to now', async () => {
    const row = await db.one<Record<'invoices' | 'notifications' | 'upcoming' | 'tickets' | 'services', number>>(
      `SELECT (SELECT count(*)::int FROM invoices i WHERE i.account_id = a.account_id) AS invoices,
              (SELECT count(*)::int FROM cmc_contact_emails e WHERE e.account_id = a.account_id) AS notifications,
              (SELECT count(*)::int FROM cmc_contact_emails e JOIN cmc_contact_batches b USING (batch_id)
                WHERE e.account_id = a.account_id AND b.window_start_time > $2) AS upcoming,
              (SELECT count(*)::int FROM tickets t WHERE t.account_id = a.account_id) AS tickets,
              (SELECT count(*)::int FROM orders o WHERE o.account_id = a.account_id AND o.order_status_cd <> 'P') AS services
         FROM accounts a WHERE a.account_number = $1`,
      [MAIN, NOW],
    );
    expect(row?.invoices).toBeGreaterThanOrEqual(60);
    expect(row?.notifications).toBeGreaterThanOrEqual(40);
    expect(row?.upcoming).toBe(5);
    expect(row?.tickets).toBeGreaterThanOrEqual(30);
    expect(row?.services).toBeGreaterThanOrEqual(30);
  });

  it('spreads tickets and notices over the past months, each about services billed by then', async () => {
    const spread = await db.one<{ tickets: number; notices: number; early_tickets: number; early_notices: number }>(
      `SELECT (SELECT count(DISTINCT date_trunc('month', t.last_update_posted))::int FROM tickets t
                WHERE t.account_id = a.account_id) AS tickets,
              (SELECT count(DISTINCT date_trunc('month', b.window_start_time))::int
                 FROM cmc_contact_emails e JOIN cmc_contact_batches b USING (batch_id) WHERE e.account_id = a.account_id) AS notices,
              (SELECT count(*)::int FROM tickets t JOIN orders o USING (base_order_id)
                WHERE t.account_id = a.account_id AND t.created < coalesce(o.contract_start_date, o.created_at)) AS early_tickets,
              (SELECT count(*)::int FROM cmc_contact_emails e JOIN cmc_contact_batches b USING (batch_id)
                 JOIN orders o ON o.account_id = e.account_id AND position(o.uss_circuit_id IN e.circuit_ids) > 0
                WHERE e.account_id = a.account_id AND b.window_start_time < $2::timestamptz - interval '30 days'
                  AND b.window_start_time < coalesce(o.contract_start_date, o.created_at)) AS early_notices
         FROM accounts a WHERE a.account_number = $1`,
      [MAIN, NOW],
    );
    expect(spread?.tickets).toBeGreaterThanOrEqual(8);
    expect(spread?.notices).toBeGreaterThanOrEqual(12);
    expect([spread?.early_tickets, spread?.early_notices]).toEqual([0, 0]);
  });
});

describe('determinism', () => {
  // Everything but the argon2 hashes (random salts) must come out the same for the same `now`.
  const TABLES: Record<string, string> = {
    users: 'user_id',
    accounts: 'account_id',
    accounts_users: 'account_id, user_id',
    account_team: 'account_id, team_member_id',
    orders: 'base_order_id',
    order_components: 'component_id',
    tickets: 'ticket_id',
    ticket_messages: 'message_id',
    invoices: 'cycle_log_id',
    invoice_products: 'invoice_product_id',
    cmc_contact_batches: 'batch_id',
    cmc_contact_emails: 'cmc_contact_email_id',
    legal_acceptances: 'user_id, legal_agreement_id',
    resources: 'id',
    metric_series: 'series_id',
    metric_raw: 'series_id, ts',
    metric_1d: 'series_id, bucket',
    ob_buckets: 'base_order_id, bucket',
    resource_pool_vms: 'base_order_id, name',
    bs_managed_backups: 'id',
    bs_backup_runs: 'managed_backup_id, ran_at',
  };
  const fingerprint = (d: Db) =>
    d.query<{ t: string; md5: string }>(
      Object.entries(TABLES)
        .map(([t, key]) => {
          const row =
            t === 'users' || t === 'accounts' ? "((to_jsonb(x) - 'password_hash') - 'pin_hash')::text" : 'x::text';
          return `SELECT '${t}' AS t, md5(string_agg(${row}, ',' ORDER BY ${key})) AS md5 FROM ${t} x`;
        })
        .join(' UNION ALL ')
        // In table order: PostgreSQL may run the branches of a UNION ALL in parallel workers, which
        // answer in any order.
        .concat(' ORDER BY t'),
    );

  it("seeding with the same clock gives the run's seeded data, and new rows get fresh ids", async () => {
    expect(await fingerprint(template.db)).toEqual(await fingerprint(db));
    const next = await db.one<{ user_id: number }>(
      "INSERT INTO users (email_nm, first_nm, last_nm) VALUES ('new@demo.test', 'N', 'U') RETURNING user_id",
    );
    expect(next?.user_id).toBe(summary.counts.users + 1);
    await expect(seed(db, { now: NOW })).rejects.toThrow(/not empty/);
  });
});
