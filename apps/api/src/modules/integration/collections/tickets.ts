import type { TicketItem } from '@portal/contract';

import { readTicket, ticketReferences, upsertMessages, upsertTicket } from './tickets.repository.ts';
import { messages as texts, reject, same, type Upsert } from './upsert.ts';

/**
 * tickets by ticket_number, with the provider's messages by their external_id. Messages the item does
 * not list are kept: customers' replies written in the portal have no provider id.
 */
export const upsertTicketItem: Upsert<TicketItem> = async (db, item, { nowMs }) => {
  const { accountId, baseOrderId } = await ticketReferences(db, item.account_number, item.order_number ?? null);
  if (!accountId) throw reject({ account_number: [texts.account] });
  if (item.order_number && !baseOrderId) throw reject({ order_number: [texts.order] });

  const messages = [...item.messages].sort((a, b) => (a.external_id < b.external_id ? -1 : 1));
  const held = await readTicket(
    db,
    item.ticket_number,
    messages.map((m) => m.external_id),
  );
  const { ticket_number: _, ...fields } = item;
  if (held) {
    const { ticket_id: __, ...current } = held;
    if (same(current, { ...fields, order_number: item.order_number ?? null, messages })) return { status: 'unchanged' };
  }
  const times = item.messages.map((m) => m.created_at).sort();
  const now = new Date(nowMs).toISOString();
  const ticketId = await upsertTicket(
    db,
    item,
    { accountId, baseOrderId },
    { created: times[0] ?? now, lastUpdate: times.at(-1) ?? now },
  );
  await upsertMessages(db, ticketId, item.messages);
  return { status: held ? 'updated' : 'created' };
};
