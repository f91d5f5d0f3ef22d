import type { integration } from '@portal/contract';

import { pages } from '../../metrics/catalogue.ts';
import { findOrder, hasProtectionGroup, readAttributes, writeObject } from './product-objects.repository.ts';
import { reject, same, type Upsert } from './upsert.ts';

/** The item names no order the portal holds (the item carries no account: the order number is unique). */
const noOrder = 'No order has this number.';
const wrongPage = "This kind of object is not shown on this order's product page.";
const noVpg = 'No protection group of this order has this key.';

/** The kinds of objects each product page shows (by product controller), from the metrics catalogue. */
const kindsOf = (controller: string): readonly string[] =>
  (pages as Record<string, { kinds: readonly { kind: string }[] }>)[controller]?.kinds.map((k) => k.kind) ?? [];

/** The item's attributes as the portal would hold them: absent optional ones are nulls. */
const canonical = (item: integration.ProductObjectItem) =>
  item.kind === 'network_interface' ? { ...item.attributes, alias: item.attributes.alias ?? null } : item.attributes;

/**
 * product-objects by order_number + kind + object_key: the object is created on, or updated in, that
 * order only, and only where the order's product page shows objects of its kind.
 */
export const upsertProductObjectItem: Upsert<integration.ProductObjectItem> = async (db, item) => {
  const order = await findOrder(db, item.order_number);
  if (!order) throw reject({ order_number: [noOrder] });
  if (!kindsOf(order.product_controller).includes(item.kind)) throw reject({ kind: [wrongPage] });
  // A VM belongs to a protection group of its own order, fed before it.
  if (item.kind === 'dr_vm' && !(await hasProtectionGroup(db, order.base_order_id, item.attributes.vpg)))
    throw reject({ 'attributes.vpg': [noVpg] });

  const held = await readAttributes(db, order.base_order_id, item.kind, item.object_key);
  if (held && same(held, canonical(item))) return { status: 'unchanged' };
  await writeObject(db, order.base_order_id, item, held !== undefined);
  return { status: held ? 'updated' : 'created' };
};
