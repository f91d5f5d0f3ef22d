import { integration, type CollectionName } from '@portal/contract';
import type { z } from 'zod';

import { defaultInvoiceDaysAhead } from '../config/env.ts';
import { findUserByEmail } from '../modules/identity/password-reset.service.ts';
import { upserts } from '../modules/integration/collections/index.ts';
import { accountIdOf } from '../modules/integration/collections/orders.ts';
import type { Upsert } from '../modules/integration/collections/upsert.ts';
import type { Db } from '../db/client.ts';
import { storedOrders } from './seed.repository.ts';

/**
 * The demo seed as a provider's feed (decision 076): every fed row goes through the same item schema
 * and upsert service as `POST /api/integration/v1/{collection}/batch`, in-process and inside the seed's
 * one transaction. Each item is applied at the moment it happened in the demo's history (`atMs`), so
 * rows are dated as a feed that ran all along would have dated them.
 */

/** What the seed sends, before the schema fills defaults and makes amounts canonical. */
export type FeedInput<C extends CollectionName> = z.input<(typeof integration.collections)[C]['item']>;

/** Told of every item the seed fed (tests replay them: the demo must be what these items produce). */
export type ItemListener = (collection: CollectionName, item: unknown) => void;

/** An order as the portal stored it: its id and its components' ids in the order they were fed. */
export interface StoredOrder {
  order_number: string;
  base_order_id: number;
  component_ids: number[];
}

/**
 * Where the seed sends what a provider's feed carries. `Feed` applies each item through the upsert
 * services; `BulkFeed` (bulk-feed.ts) is the benchmark seed's fast path, writing the rows the services
 * would write. The generators read the portal's ids back through it and defer writes that need the
 * fed rows (the demo password, aliases...) with `after`, so they work the same with either.
 */
export interface FeedSink {
  send<C extends CollectionName>(collection: C, item: FeedInput<C>, atMs: number): Promise<void>;
  accountId(accountNumber: string): Promise<number>;
  userId(email: string): Promise<number>;
  orders(accountNumber: string): Promise<StoredOrder[]>;
  /** A write through a module's repository that needs the fed rows in the database. */
  after(write: (db: Db) => Promise<unknown>): Promise<void>;
  /** Everything sent so far is in the database and every deferred write done. */
  flush(): Promise<void>;
  /** Items applied per collection. */
  counts(): Partial<Record<CollectionName, number>>;
}

export class Feed implements FeedSink {
  private readonly sent = new Map<CollectionName, number>();

  constructor(
    private readonly db: Db,
    private readonly onItem?: ItemListener,
  ) {}

  async send<C extends CollectionName>(collection: C, item: FeedInput<C>, atMs: number): Promise<void> {
    const upsert = upserts[collection] as Upsert<unknown>;
    // deps null: no work after commit, so no invitation mail (the seed sets the demo password itself).
    const outcome = await upsert(this.db, parseItem(collection, item), {
      deps: null,
      nowMs: atMs,
      invoiceDaysAhead: defaultInvoiceDaysAhead,
    });
    if (outcome.after) throw new Error(`seed: the ${collection} upsert left work after commit (mail?)`);
    this.sent.set(collection, (this.sent.get(collection) ?? 0) + 1);
    this.onItem?.(collection, item);
  }

  async accountId(accountNumber: string): Promise<number> {
    const id = await accountIdOf(this.db, accountNumber);
    if (!id) throw new Error(`seed: the accounts feed did not store ${accountNumber}`);
    return id;
  }

  async userId(email: string): Promise<number> {
    const user = await findUserByEmail(this.db, email);
    if (!user) throw new Error(`seed: the users feed did not store ${email}`);
    return user.user_id;
  }

  orders(accountNumber: string): Promise<StoredOrder[]> {
    return storedOrders(this.db, accountNumber);
  }

  async after(write: (db: Db) => Promise<unknown>): Promise<void> {
    await write(this.db);
  }

  async flush(): Promise<void> {}

  counts(): Partial<Record<CollectionName, number>> {
    return Object.fromEntries(this.sent);
  }
}

/** The item in its canonical form, as the batch call parses it. */
export function parseItem<C extends CollectionName>(collection: C, item: FeedInput<C>) {
  const parsed = integration.collections[collection].item.safeParse(item);
  // The seed's items are the demo's data: one that does not parse is a bug in the seed.
  if (!parsed.success) throw new Error(`seed: invalid ${collection} item: ${parsed.error.message}`);
  return parsed.data as z.output<(typeof integration.collections)[C]['item']>;
}
