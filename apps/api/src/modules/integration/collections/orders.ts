import type { OrderItem } from '@portal/contract';

import {
  deleteComponentsOf,
  insertComponentsOf,
  insertOrders,
  orderReferencesOf,
  readOrders,
  updateOrders,
  type ComponentRow,
  type OrderRow,
} from './orders.repository.ts';
import { cents, decimalOf } from './rules.ts';
import { messages, same, single, type SetOutcome, type UpsertSet } from './upsert.ts';

/** What other modules (and the seed) use of this module's rows: they import this service, never its repository. */
export { accountIdOf } from './orders.repository.ts';

/** The item as the portal would hold it: absent optional fields are nulls. */
const canonical = (item: OrderItem) => ({
  account_number: item.account_number,
  product_cd: item.product_cd,
  circuit_id: item.circuit_id ?? null,
  customer_reference: item.customer_reference ?? null,
  order_status_cd: item.order_status_cd,
  contract_start: item.contract_start ?? null,
  term_cd: item.term_cd ?? null,
  project_manager: item.project_manager ?? null,
  components: item.components.map((c) => ({ ...c, unit_of_measure: c.unit_of_measure ?? null, rate: c.rate ?? null })),
});

/**
 * The term the order page shows, from the provider's term code (services.md: the page hides it for
 * NOCH and UK): a number of months reads '36 Months'; another code is shown as it is.
 */
export function orderTerm(termCd: string | null): { order_term_cd: string | null; order_term: string | null } {
  if (termCd === null) return { order_term_cd: null, order_term: null };
  if (/^\d{1,3}$/.test(termCd)) {
    const months = Number(termCd);
    return { order_term_cd: `M${months}`, order_term: `${months} Month${months === 1 ? '' : 's'}` };
  }
  if (termCd === 'NOCH') return { order_term_cd: termCd, order_term: 'Month to Month' };
  if (termCd === 'UK') return { order_term_cd: termCd, order_term: 'Unknown' };
  return { order_term_cd: termCd, order_term: termCd };
}

/**
 * orders by order_number; the components list replaces the order's components, and the order's monthly
 * charge is their sum (exact); the shown term follows the term code; a new order dates from the item's
 * time (nowMs). Set-based: references and held orders (with their components) read once, each table
 * written once.
 */
export const upsertOrders: UpsertSet<OrderItem> = async (db, items, { nowMs }) => {
  const refs = await orderReferencesOf(
    db,
    [...new Set(items.map((i) => i.account_number))],
    [...new Set(items.map((i) => i.product_cd))],
    [...new Set(items.flatMap((i) => (i.project_manager ? [i.project_manager] : [])))],
  );
  const held = new Map(
    (
      await readOrders(
        db,
        items.map((i) => i.order_number),
      )
    ).map((o) => [o.order_number, o]),
  );
  const outcomes: SetOutcome[] = [];
  const fresh: OrderRow[] = [];
  const changed: OrderRow[] = [];
  const components = new Map<string, OrderItem['components']>();
  const replaced: number[] = [];
  for (const item of items) {
    const accountId = refs.accounts.get(item.account_number);
    const projectManagerId = item.project_manager ? refs.teamMembers.get(item.project_manager) : undefined;
    const errors = {
      ...(accountId ? {} : { account_number: [messages.account] }),
      ...(refs.products.has(item.product_cd) ? {} : { product_cd: [messages.product] }),
      ...(item.project_manager && !projectManagerId ? { project_manager: [messages.teamMember] } : {}),
    };
    if (Object.keys(errors).length || !accountId) {
      outcomes.push({ status: 'invalid', errors });
      continue;
    }
    const current = held.get(item.order_number);
    const wanted = canonical(item);
    if (current) {
      const { base_order_id: _, order_number: __, ...stored } = current;
      if (same(stored, wanted)) {
        outcomes.push({ status: 'unchanged' });
        continue;
      }
    }
    const row: OrderRow = {
      ...item,
      accountId,
      projectManagerId: projectManagerId ?? null,
      mrcCharges: decimalOf(item.components.reduce((sum, c) => sum + cents(c.mrc_charges), 0n)),
      ...orderTerm(item.term_cd ?? null),
      nowMs,
    };
    (current ? changed : fresh).push(row);
    // A new order has no components to replace; a held one only when they differ.
    if (!current || !same(current.components, wanted.components)) {
      if (current) replaced.push(current.base_order_id);
      components.set(item.order_number, item.components);
    }
    outcomes.push({ status: current ? 'updated' : 'created' });
  }
  const ids = new Map([...held.values()].map((o) => [o.order_number, o.base_order_id]));
  for (const created of await insertOrders(db, fresh)) ids.set(created.order_number, created.base_order_id);
  await updateOrders(db, changed);
  await deleteComponentsOf(db, replaced);
  await insertComponentsOf(
    db,
    [...components].flatMap(([number, list]) =>
      list.map((c, sortOrder): ComponentRow => ({ ...c, baseOrderId: ids.get(number)!, sortOrder })),
    ),
  );
  return outcomes;
};

export const upsertOrderItem = single(upsertOrders);
