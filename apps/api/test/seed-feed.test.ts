import { integration, type CollectionName } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { defaultInvoiceDaysAhead } from '../src/config/env.ts';
import type { Db } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { seed, type SeedSummary } from '../src/seed/index.ts';
import type { Deps } from '../src/deps.ts';
import { applyItem } from '../src/modules/integration/batch.service.ts';
import { emptyDatabases } from './helpers/empty-db.ts';

// The demo seed is a client of the integration upsert services (decision 076): what the demo shows is
// what its items produce through the same code as a provider's batch, and seeding leaves no trace a
// feed would not (no mail, no events).
const NOW = new Date('2026-11-21T15:30:00Z');
const { emptyDb, closeAll } = emptyDatabases('portal_seedfeed');

let db: Db;
let bulkDb: Db;
let summary: SeedSummary;
let bulkSummary: SeedSummary;
const items: Array<{ collection: CollectionName; item: unknown }> = [];

beforeAll(async () => {
  db = await emptyDb();
  await migrate(db);
  summary = await seed(db, { now: NOW, onItem: (collection, item) => items.push({ collection, item }) });
  // The same demo with its generated companies through the benchmark seed's bulk fast path.
  bulkDb = await emptyDb();
  await migrate(bulkDb);
  bulkSummary = await seed(bulkDb, { now: NOW, fastPath: true });
}, 300_000);
afterAll(closeAll);

const count = async (table: string) => (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))!.n;

describe('the demo seed as a feed', () => {
  it('feeds every collection of issue 11, one item per fed row', async () => {
    const fed: CollectionName[] = [
      'accounts',
      'users',
      'products',
      'orders',
      'invoices',
      'payments',
      'notifications',
      'outages',
      'tickets',
      'product-objects',
    ];
    for (const collection of fed) expect(summary.fed[collection], collection).toBeGreaterThan(0);
    expect(summary.fed.accounts).toBe(await count('accounts'));
    expect(summary.fed.orders).toBe(await count('orders'));
    expect(summary.fed.invoices).toBe(await count('invoices'));
    expect(summary.fed.payments).toBe(await count('payments'));
    expect(summary.fed.tickets).toBe(await count('tickets'));
    // The objects behind the network and resource pool pages' series (decision 098): one item a row.
    const objects = (kind: string) =>
      items.filter((i) => i.collection === 'product-objects' && (i.item as { kind: string }).kind === kind).length;
    expect(objects('network_interface')).toBe(await count('network_interfaces'));
    expect(objects('storage_profile')).toBe(await count('storage_profiles'));
    expect(await count('network_interfaces')).toBeGreaterThan(0);
    expect(await count('storage_profiles')).toBeGreaterThan(0);
    expect(items).toHaveLength(Object.values(summary.fed).reduce((a, b) => a + b, 0));
  });

  it('sends no mail, leaves no set-password link and writes no integration event', async () => {
    expect(await count('mail_outbox')).toBe(0);
    expect(await count('email_verifications')).toBe(0);
    expect(await count('password_resets')).toBe(0);
    expect(await count('integration_events')).toBe(0);
  });

  it('holds exactly what its items produce: each one sent again as a batch item changes nothing', async () => {
    // The latest item per key (an outage is sent when it starts and again when it ends).
    const latest = new Map<string, { collection: CollectionName; item: unknown }>();
    for (const sent of items) {
      const item = sent.item as Record<string, unknown>;
      const key = item[integration.collections[sent.collection].key];
      // A product object is keyed by its order and kind too ('performance' is a profile of many pools).
      const scope = sent.collection === 'product-objects' ? `${String(item.order_number)}:${String(item.kind)}:` : '';
      latest.set(`${sent.collection}:${scope}${String(key)}`, sent);
    }
    const deps = {
      db,
      clock: { now: () => NOW.getTime() },
      env: { INTEGRATION_INVOICE_DAYS_AHEAD: defaultInvoiceDaysAhead },
    } as unknown as Deps;
    const outcomes = new Map<string, number>();
    for (const { collection, item } of latest.values()) {
      const { result } = await applyItem(deps, collection, item);
      const label = `${collection} ${result.status}`;
      outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
    }
    expect([...outcomes.keys()].filter((label) => !label.endsWith(' unchanged'))).toEqual([]);
  }, 120_000);

  it('brings every paid amount as payments: each invoice has paid exactly the sum of its payments', async () => {
    const off = await db.query(
      `SELECT i.invoice_number FROM invoices i
        WHERE i.amount_paid <> COALESCE((SELECT sum(p.amount) FROM payments p WHERE p.cycle_log_id = i.cycle_log_id), 0)`,
    );
    expect(off).toEqual([]);
    const early = await db.query('SELECT payment_reference FROM payments WHERE paid_at > $1', [NOW]);
    expect(early).toEqual([]);
  });

  it('dates fed rows by the demo history, not by when the seed ran', async () => {
    const late = await db.one<{ accounts: number; users: number; orders: number }>(
      `SELECT (SELECT count(*)::int FROM accounts WHERE created_at > $1) AS accounts,
              (SELECT count(*)::int FROM users WHERE created_at > $1) AS users,
              (SELECT count(*)::int FROM orders WHERE created_at > $1) AS orders`,
      [NOW],
    );
    expect(late).toEqual({ accounts: 0, users: 0, orders: 0 });
  });

  it("the bulk fast path writes exactly the services' rows", async () => {
    expect([summary.fastPath, bulkSummary.fastPath]).toEqual([false, true]);
    expect(bulkSummary.fed).toEqual(summary.fed);
    expect(bulkSummary.counts).toEqual(summary.counts);
    // Every column of every row but the argon2 hashes (random salts), and the next id of each table.
    const tables: Record<string, string> = {
      users: 'user_id',
      accounts: 'account_id',
      accounts_users: 'account_id, user_id',
      account_team: 'account_id, team_member_id',
      team_members: 'team_member_id',
      legal_acceptances: 'user_id, legal_agreement_id',
      orders: 'base_order_id',
      order_components: 'component_id',
      invoices: 'cycle_log_id',
      invoice_products: 'invoice_product_id',
      payments: 'payment_id',
      tickets: 'ticket_id',
      ticket_messages: 'message_id',
      cmc_contact_batches: 'batch_id',
      cmc_contact_emails: 'cmc_contact_email_id',
      outages: 'outage_id',
      metric_series: 'series_id',
      network_interfaces: 'base_order_id, object_key',
      storage_profiles: 'base_order_id, object_key',
    };
    const fingerprint = (d: Db) =>
      d.query<{ t: string; md5: string; next: number }>(
        Object.entries(tables)
          .map(([t, key]) => {
            const row =
              t === 'users' || t === 'accounts' ? "((to_jsonb(x) - 'password_hash') - 'pin_hash')::text" : 'x::text';
            // (The services' upsert of an account's team draws a team member number even for a member
            // that exists, so that sequence runs ahead of the rows.)
            const serial = !key.includes(',') && t !== 'team_members';
            const next = serial ? `(SELECT nextval(pg_get_serial_sequence('${t}', '${key}')))` : '0';
            return `SELECT '${t}' AS t, md5(string_agg(${row}, ',' ORDER BY ${key})) AS md5, ${next} AS next FROM ${t} x`;
          })
          .join(' UNION ALL '),
      );
    expect(await fingerprint(bulkDb)).toEqual(await fingerprint(db));
  });
});
