import { integration, type CollectionName } from '@portal/contract';
import type { z } from 'zod';

import { upserts } from '../../modules/integration/collections/index.ts';
import type { Upsert } from '../../modules/integration/collections/upsert.ts';
import type { Db } from '../client.ts';

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

export class Feed {
  private readonly sent = new Map<CollectionName, number>();

  constructor(
    private readonly db: Db,
    private readonly onItem?: ItemListener,
  ) {}

  async send<C extends CollectionName>(collection: C, item: FeedInput<C>, atMs: number): Promise<void> {
    const parsed = integration.collections[collection].item.safeParse(item);
    // The seed's items are the demo's data: one that does not parse is a bug in the seed.
    if (!parsed.success) throw new Error(`seed: invalid ${collection} item: ${parsed.error.message}`);
    const upsert = upserts[collection] as Upsert<unknown>;
    // deps null: no work after commit, so no invitation mail (the seed sets the demo password itself).
    const outcome = await upsert(this.db, parsed.data, { deps: null, nowMs: atMs });
    if (outcome.after) throw new Error(`seed: the ${collection} upsert left work after commit (mail?)`);
    this.sent.set(collection, (this.sent.get(collection) ?? 0) + 1);
    this.onItem?.(collection, item);
  }

  /** Items applied per collection. */
  counts(): Partial<Record<CollectionName, number>> {
    return Object.fromEntries(this.sent);
  }
}
