import { hash } from '@node-rs/argon2';
import type { Algorithm } from '@node-rs/argon2';

import type { Db } from '../client.ts';
import { addInvoices } from './billing.ts';
import { BulkWriter, Ids } from './bulk.ts';
import { addProducts } from './catalog.ts';
import { addContent } from './content.ts';
import type { AccountPlan, AgreementRef, SeedContext } from './context.ts';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_PIN } from './demo.ts';
import { addAgreements } from './legal.ts';
import { addMetrics } from './metrics.ts';
import { addBatchesAndOutages, addNotificationEmails } from './notices.ts';
import type { BatchRef } from './notices.ts';
import { addOrders } from './orders.ts';
import { addDemoCompanies, addExtraCompany } from './people.ts';
import { rng } from './random.ts';
import { SERIAL_COLUMNS } from './tables.ts';
import type { TableName } from './tables.ts';
import { seedTeam } from './team.ts';
import { addTickets } from './tickets.ts';

/**
 * The deterministic demo-data seed (DESIGN.md, "Demo data"). Fills an empty, migrated database with the
 * demo sign-ins' companies and a scale-dependent number of generated companies. Same `now` and scale,
 * same rows (only the argon2 hashes differ: their salts are random).
 */

export interface SeedOptions {
  /** 0 = the demo companies only; 1 = the demo (plus 15 generated accounts); N = about N accounts. */
  scale?: number;
  now?: Date;
  /** Called after each company with the accounts done and the total planned (demo included). */
  onProgress?: (accountsDone: number, accountsPlanned: number) => void;
}

export interface SeedSummary {
  scale: number;
  now: string;
  companies: number;
  accounts: number;
  counts: Record<TableName, number>;
  ms: number;
}

const FIRST_GENERATED_ACCOUNT = 2_000_001;

/** Generated accounts: 15 at scale 1 and one more per unit of scale, so `--scale N` gives about N in all. */
export function generatedAccountCount(scale: number): number {
  const s = Math.max(0, Math.round(scale));
  return s === 0 ? 0 : 14 + s;
}

export async function isEmpty(db: Db): Promise<boolean> {
  return (await db.one('SELECT 1 FROM users LIMIT 1')) === undefined;
}

// Algorithm.Argon2id (= 2): the library's enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;
const argon2id = (secret: string) => hash(secret, { algorithm: ARGON2ID });

/** One account's orders, tickets, invoices, notifications and charts. */
function fillAccount(ctx: SeedContext, batches: readonly BatchRef[], plan: AccountPlan): void {
  const orders = addOrders(ctx, plan);
  addTickets(ctx, plan, orders);
  addInvoices(ctx, plan, orders);
  addNotificationEmails(ctx, batches, plan, orders);
  addMetrics(ctx, plan, orders);
}

/** Moves every serial sequence past the ids the seed chose. */
async function syncSequences(db: Db): Promise<void> {
  const calls = SERIAL_COLUMNS.map(([table, column]) => {
    const max = `(SELECT max(${column}) FROM ${table})`;
    return `setval(pg_get_serial_sequence('${table}', '${column}'), coalesce(${max}, 1), ${max} IS NOT NULL)`;
  });
  await db.query(`SELECT ${calls.join(', ')}`);
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
  let companies = 0;
  let accounts = 0;

  const counts = await db.tx(async (t) => {
    const bulk = new BulkWriter(t);
    const ids = new Ids();
    addProducts(bulk);
    const agreements: AgreementRef[] = [];
    const ctx: SeedContext = { now, bulk, ids, passwordHash, pinHash, team: seedTeam(bulk, ids), agreements };
    agreements.push(...addAgreements(ctx));
    const batches = addBatchesAndOutages(ctx);
    addContent(ctx);

    const fill = async (plans: readonly AccountPlan[]) => {
      for (const plan of plans) fillAccount(ctx, batches, plan);
      companies++;
      accounts += plans.length;
      await bulk.flushIfFull();
      options.onProgress?.(accounts, totalAccounts);
    };
    const demo = addDemoCompanies(ctx);
    for (const company of new Set(demo.map((p) => p.company_nm)))
      await fill(demo.filter((p) => p.company_nm === company));

    let next = FIRST_GENERATED_ACCOUNT;
    for (let index = 0; next - FIRST_GENERATED_ACCOUNT < planned; index++) {
      const size = Math.min(rng(`company-size:${index}`).int(1, 4), planned - (next - FIRST_GENERATED_ACCOUNT));
      await fill(addExtraCompany(ctx, index, next, size));
      next += size;
    }
    await bulk.flushAll();
    await syncSequences(t);
    return bulk.counts();
  });
  // Fresh statistics, so the first queries (and benchmarks) get sensible plans.
  await db.exec('ANALYZE');
  return { scale, now: now.toISOString(), companies, accounts, counts, ms: Math.round(performance.now() - started) };
}
