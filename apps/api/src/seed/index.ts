import { hash } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

import type { Db } from '../db/client.ts';
import { addInvoices } from './billing.ts';
import { BulkWriter, Ids } from './bulk.repository.ts';
import { addProducts } from './catalog.ts';
import { addDisasterRecovery } from './products/disaster-recovery.ts';
import { addContent } from './content.ts';
import type { AccountPlan, AgreementRef, SeedContext } from './context.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_PIN } from './demo.ts';
import { BulkFeed } from './bulk-feed.ts';
import { Feed, type ItemListener } from './feed.ts';
import { addAgreements } from './legal.ts';
import { addMetrics, writeMetrics } from './metrics.ts';
import { addSecurityZones } from './products/dd.ts';
import { addNotificationRecipients, planBatches, sendNotifications, sendOutages } from './notices.ts';
import type { BatchRef } from './notices.ts';
import { addOrders } from './orders.ts';
import { addProviderProfile } from './provider.ts';
import { addDemoCompanies, addExtraCompany } from './people.ts';
import { addEndpointBackup } from './products/endpoint-backup.ts';
import { rng } from './random.ts';
import { isEmpty, rowCounts, syncSequences, vacuumAnalyze, withoutBitmapScans } from './seed.repository.ts';
import { FED_SERIAL_COLUMNS, SERIAL_COLUMNS } from './tables.ts';
import { seedTeam } from './team.ts';
import { addTickets } from './tickets.ts';
import { daysAgo } from './time.ts';

export { isEmpty } from './seed.repository.ts';

/**
 * The deterministic demo-data seed (DESIGN.md, "Demo data"). Fills an empty, migrated database with the
 * demo sign-ins' companies and a scale-dependent number of generated companies. Same `now` and scale,
 * same rows (only the argon2 hashes differ: their salts are random).
 *
 * It is a client of the integration API's upsert services, like a provider's feed (decision 076):
 * products, accounts, users and their access, orders, invoices, payments, tickets, notifications and
 * outages go through `modules/integration/collections`, each item replayed at its moment in the demo's
 * history. What no feed carries is written beside it: through the owning module's repository (the demo
 * password, PINs, two-factor, agreements accepted, aliases) or, where no module writes it, directly
 * (the team directory, legal agreements, resources, and the charts' series and product objects).
 */

export interface SeedOptions {
  /** 0 = the demo companies only; 1 = the demo (plus 15 generated accounts); N = about N accounts. */
  scale?: number;
  now?: Date;
  /** Called after each company with the accounts done and the total planned (demo included). */
  onProgress?: (accountsDone: number, accountsPlanned: number) => void;
  /** Called with every item fed, as sent. */
  onItem?: ItemListener;
  /**
   * The generated companies through the bulk fast path (bulk-feed.ts) instead of the upsert services:
   * the same rows, about ten times faster (decision 076). Default: from BULK_FROM_SCALE on, so the
   * demo and the tests always go through the services and the benchmark seed (scale 10,000) does not.
   */
  fastPath?: boolean;
}

/** The scale from which the generated companies take the bulk fast path by default. */
export const BULK_FROM_SCALE = 1000;

export interface SeedSummary {
  scale: number;
  now: string;
  companies: number;
  accounts: number;
  /** Rows per table the seed fills. */
  counts: Record<CountedTable, number>;
  /** Items fed per integration collection. */
  fed: Record<string, number>;
  /** Whether the generated companies took the bulk fast path. */
  fastPath: boolean;
  ms: number;
}

const FIRST_GENERATED_ACCOUNT = 2_000_001;

/** The tables the summary counts, in the order the CLI prints them. */
const COUNTED = [
  'products',
  'team_members',
  'legal_agreements',
  'resource_categories',
  'resources',
  'users',
  'accounts',
  'accounts_users',
  'account_team',
  'legal_acceptances',
  'orders',
  'order_components',
  'tickets',
  'ticket_messages',
  'invoices',
  'invoice_products',
  'payments',
  'cmc_contact_batches',
  'cmc_contact_emails',
  'outages',
  'metric_series',
  'network_interfaces',
  'storage_profiles',
  'ob_buckets',
  'resource_pool_vms',
  'bs_managed_backups',
  'bs_backup_runs',
] as const;
export type CountedTable = (typeof COUNTED)[number];

/** Generated accounts: 15 at scale 1 and one more per unit of scale, so `--scale N` gives about N in all. */
export function generatedAccountCount(scale: number): number {
  const s = Math.max(0, Math.round(scale));
  return s === 0 ? 0 : 14 + s;
}

// Algorithm.Argon2id (= 2): the library's enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;
const argon2id = (secret: string) => hash(secret, { algorithm: ARGON2ID });

/** One account's orders, tickets, invoices and payments, notifications and charts. */
async function fillAccount(ctx: SeedContext, batches: readonly BatchRef[], plan: AccountPlan): Promise<void> {
  const orders = await addOrders(ctx, plan);
  await addTickets(ctx, plan, orders);
  await addInvoices(ctx, plan, orders);
  addNotificationRecipients(ctx, batches, plan, orders);
  await addEndpointBackup(ctx, plan, orders);
  await addSecurityZones(ctx, plan, orders);
  await addMetrics(ctx, plan, orders);
  await addDisasterRecovery(ctx, plan, orders);
}

export async function seed(db: Db, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const scale = options.scale ?? 1;
  if (!(await isEmpty(db))) throw new Error('seed: the database is not empty (it has users); reset it first');
  // Hashing is slow on purpose, so every user shares one hash of the demo password.
  const [passwordHash, pinHash] = await Promise.all([argon2id(DEMO_PASSWORD), argon2id(DEMO_PIN)]);
  const planned = generatedAccountCount(scale);
  const totalAccounts = planned + DEMO_COMPANIES.reduce((n, c) => n + c.accounts.length, 0);
  const fastPath = options.fastPath ?? scale >= BULK_FROM_SCALE;
  let companies = 0;
  let accounts = 0;

  const fed = await db.tx(async (t) => {
    await withoutBitmapScans(t);
    const bulk = new BulkWriter(t);
    const ids = new Ids();
    const feed = new Feed(t, options.onItem);
    const agreements: AgreementRef[] = [];
    const ctx: SeedContext = {
      now,
      db: t,
      feed,
      bulk,
      ids,
      passwordHash,
      pinHash,
      team: seedTeam(bulk, ids),
      agreements,
      notices: new Map(),
    };
    agreements.push(...addAgreements(ctx));
    addContent(ctx);
    await addProviderProfile(t);
    // The rows fed items refer to (team members, agreements) must be in before the first item.
    await bulk.flushAll();
    await syncSequences(t, SERIAL_COLUMNS);
    // The catalogue was there before the oldest customer.
    await addProducts(feed, +daysAgo(now, 3000));
    const batches = planBatches(now);

    // What waits in memory: the bulk fast path's rows and deferred writes (the services wrote theirs
    // already), product objects, and the usage points, which name orders that must be stored first.
    const flush = async () => {
      await ctx.feed.flush();
      await bulk.flushAll();
      await writeMetrics(t, ctx);
    };
    const fill = async (plans: readonly AccountPlan[]) => {
      for (const plan of plans) await fillAccount(ctx, batches, plan);
      companies++;
      accounts += plans.length;
      // Written a chunk at a time: a few statements for dozens of companies.
      if (bulk.full()) await flush();
      options.onProgress?.(accounts, totalAccounts);
    };
    const demo = await addDemoCompanies(ctx);
    for (const company of new Set(demo.map((p) => p.company_nm)))
      await fill(demo.filter((p) => p.company_nm === company));

    const bulkFeed = fastPath ? await BulkFeed.start(t, bulk, ctx.team, options.onItem) : undefined;
    if (bulkFeed) ctx.feed = bulkFeed;
    let next = FIRST_GENERATED_ACCOUNT;
    for (let index = 0; next - FIRST_GENERATED_ACCOUNT < planned; index++) {
      const size = Math.min(rng(`company-size:${index}`).int(1, 4), planned - (next - FIRST_GENERATED_ACCOUNT));
      await fill(await addExtraCompany(ctx, index, next, size));
      next += size;
    }
    await flush();
    if (bulkFeed) {
      await syncSequences(t, FED_SERIAL_COLUMNS);
      ctx.feed = feed;
    }
    // Notifications name every account they go to, so they go out once all accounts are in.
    await sendNotifications(ctx, batches);
    await sendOutages(ctx);
    await bulk.flushAll();
    const counts: Record<string, number> = { ...feed.counts() };
    for (const [c, n] of Object.entries(bulkFeed?.counts() ?? {})) counts[c] = (counts[c] ?? 0) + n;
    return counts;
  });
  // Fresh statistics, so the first queries (and benchmarks) get sensible plans.
  await vacuumAnalyze(db);
  return {
    scale,
    now: now.toISOString(),
    companies,
    accounts,
    counts: (await rowCounts(db, COUNTED)) as Record<CountedTable, number>,
    fed,
    fastPath,
    ms: Math.round(performance.now() - started),
  };
}
