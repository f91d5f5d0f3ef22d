import type { OrderItem } from '@portal/contract';

import { deleteComponents, insertComponents, orderReferences, readOrder, upsertOrder } from './orders.repository.ts';
import { messages, reject, same, type Upsert } from './upsert.ts';

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

/** orders by order_number; the components list replaces the order's components. */
export const upsertOrderItem: Upsert<OrderItem> = async (db, item, { nowMs }) => {
  const { accountId, productExists, projectManagerId } = await orderReferences(db, item);
  const errors = {
    ...(accountId ? {} : { account_number: [messages.account] }),
    ...(productExists ? {} : { product_cd: [messages.product] }),
    ...(item.project_manager && !projectManagerId ? { project_manager: [messages.teamMember] } : {}),
  };
  if (Object.keys(errors).length) throw reject(errors);

  const held = await readOrder(db, item.order_number);
  if (held) {
    const { base_order_id: _, ...current } = held;
    if (same(current, canonical(item))) return { status: 'unchanged' };
  }
  const baseOrderId = await upsertOrder(
    db,
    item,
    { accountId: accountId!, projectManagerId: projectManagerId ?? null },
    { ...orderTerm(item.term_cd ?? null), nowMs },
  );
  // A new order has no components to replace.
  if (held) await deleteComponents(db, baseOrderId);
  await insertComponents(db, baseOrderId, item.components);
  return { status: held ? 'updated' : 'created' };
};
