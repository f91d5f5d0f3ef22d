import type { FieldErrors } from '@portal/contract';

import type { Db } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import { invalid } from '../../../lib/errors.ts';

/** What applying one valid item did, and work to do once its transaction has committed (mail). */
export interface Outcome {
  status: 'created' | 'updated' | 'unchanged';
  after?: () => Promise<void>;
}

export interface UpsertContext {
  /**
   * What work after commit needs (the new user's invitation mail). null: the caller wants no such
   * work, which is the demo seed: it gives its users the demo password instead (decision 076).
   */
  deps: Deps | null;
  /**
   * When the item is applied: the batch's clock, or for the demo seed, which replays a provider's
   * history, the moment each item happened. Rows it creates are dated by it (never the database's now()).
   */
  nowMs: number;
  /** How many days after today an invoice's bill_date may be (INTEGRATION_INVOICE_DAYS_AHEAD). */
  invoiceDaysAhead: number;
}

/** Applies one parsed item inside a transaction (`db`): a batch item's own, or the demo seed's. */
export type Upsert<T> = (db: Db, item: T, ctx: UpsertContext) => Promise<Outcome>;

/** What applying an item of a set did: an Outcome, or the field errors that refused it. */
export type SetOutcome = Outcome | { status: 'invalid'; errors: FieldErrors };

/**
 * Applies parsed items (distinct keys, in their order) inside one transaction, set-based (decision 128):
 * validated in the process, the existing rows of all their keys read at once, and each table written by
 * a statement or two whatever the number of items. Answers each item's outcome in item order, exactly
 * what applying them one after another would answer.
 */
export type UpsertSet<T> = (db: Db, items: readonly T[], ctx: UpsertContext) => Promise<SetOutcome[]>;

/** A collection's one-item upsert: its set-based one given one item (one set of rules, not two). */
export const single =
  <T>(apply: UpsertSet<T>): Upsert<T> =>
  async (db, item, ctx) => {
    const [outcome] = await apply(db, [item], ctx);
    if (!outcome) throw new Error('integration: a set upsert answered no outcome');
    if (outcome.status === 'invalid') throw reject(outcome.errors);
    return outcome;
  };

/** Hundredths of a canonical amount ('-12.30'), exact. */
export const hundredths = (amount: string) => BigInt(amount.replace('.', ''));

/** Stable JSON (keys sorted) of a value, so two canonical forms compare by content. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** True when what the portal holds already equals the item's canonical form. */
export const same = (held: unknown, wanted: unknown) => stable(held) === stable(wanted);

/** Rejects the item (it becomes `invalid` with these field errors; its transaction rolls back). */
export const reject = (fields: FieldErrors) => invalid(fields);

export const messages = {
  account: 'No account has this number.',
  product: 'No product has this code.',
  order: 'No order of this account has this number.',
  invoice: 'No invoice of this account has this number.',
  teamMember: 'No account team member has this email.',
} as const;
