import type { FieldErrors, NotificationItem } from '@portal/contract';

import {
  accountsByNumber,
  ordersByNumber,
  readNotification,
  replaceRecipients,
  upsertNotification,
} from './notifications.repository.ts';
import { messages, reject, same, type Upsert } from './upsert.ts';

/**
 * notifications by external_id: the batch fields, the affected accounts (each gets the notification)
 * and the affected orders, whose circuits are listed on their own account's copy.
 */
export const upsertNotificationItem: Upsert<NotificationItem> = async (db, item, { nowMs }) => {
  const accounts = new Map((await accountsByNumber(db, item.account_numbers)).map((a) => [a.account_number, a]));
  const orders = new Map((await ordersByNumber(db, item.order_numbers)).map((o) => [o.order_number, o]));
  const accountIds = new Set([...accounts.values()].map((a) => a.account_id));
  const errors: FieldErrors = {};
  item.account_numbers.forEach((n, i) => {
    if (!accounts.has(n)) errors[`account_numbers.${i}`] = [messages.account];
  });
  item.order_numbers.forEach((n, i) => {
    const order = orders.get(n);
    if (!order || !accountIds.has(order.account_id))
      errors[`order_numbers.${i}`] = ['No order of the listed accounts has this number.'];
  });
  if (Object.keys(errors).length) throw reject(errors);

  const { external_id: _, ...fields } = item;
  const wanted = {
    ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? null])),
    scheduled_event: item.scheduled_event ?? null,
    area: item.area ?? null,
    duration_of_interruption: item.duration_of_interruption ?? null,
    circuits_affected: item.circuits_affected ?? null,
    account_numbers: [...item.account_numbers].sort(),
  };
  const held = await readNotification(db, item.external_id);
  let revised = false;
  if (held) {
    const { batch_id: __, account_numbers: heldAccounts, ...current } = held;
    const { account_numbers: wantedAccounts, ...shown } = wanted;
    revised = !same(current, shown);
    if (!revised && same(heldAccounts, wantedAccounts)) return { status: 'unchanged' };
  }
  const batchId = await upsertNotification(db, item, nowMs, revised);
  await replaceRecipients(
    db,
    batchId,
    // In the item's order, whatever order the look-up returned them in.
    item.account_numbers.map((n) => {
      const accountId = accounts.get(n)!.account_id;
      return {
        accountId,
        circuits: item.order_numbers.flatMap((o) =>
          orders.get(o)!.account_id === accountId ? [orders.get(o)!.circuit] : [],
        ),
      };
    }),
  );
  return { status: held ? 'updated' : 'created' };
};
