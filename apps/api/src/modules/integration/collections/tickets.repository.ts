import type { TicketItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The ticket, with those of its messages that carry one of these provider ids. */
export const readTicket = (db: Db, ticketNumber: string, messageIds: string[]) =>
  db.one<Record<string, unknown> & { ticket_id: number }>(
    `SELECT t.ticket_id, a.account_number, o.order_number, t.subject, t.status, t.request_customer_response,
       COALESCE((SELECT json_agg(json_build_object('external_id', m.external_id, 'author_name', m.author_nm,
                   'from_provider', m.author_type = 'provider', 'body', m.body, 'created_at', ${utc('m.created_at')})
                   ORDER BY m.external_id)
                 FROM ticket_messages m WHERE m.ticket_id = t.ticket_id AND m.external_id = ANY($2)), '[]') AS messages
     FROM tickets t JOIN accounts a ON a.account_id = t.account_id
     LEFT JOIN orders o ON o.base_order_id = t.base_order_id
     WHERE t.ticket_number = $1`,
    [ticketNumber, messageIds],
  );

/** What a ticket item refers to, in one look-up: its account and that account's order (if named). */
export const ticketReferences = async (db: Db, accountNumber: string, orderNumber: string | null) => {
  const row = await db.one<{ account_id: number; base_order_id: number | null }>(
    `SELECT a.account_id,
       (SELECT o.base_order_id FROM orders o WHERE o.account_id = a.account_id AND o.order_number = $2) AS base_order_id
       FROM accounts a WHERE a.account_number = $1`,
    [accountNumber, orderNumber],
  );
  return { accountId: row?.account_id, baseOrderId: row?.base_order_id ?? null };
};

/** A new ticket dates from its first message (or now); an update never moves its dates back. */
export const upsertTicket = async (
  db: Db,
  t: TicketItem,
  ids: { accountId: number; baseOrderId: number | null },
  times: { created: string; lastUpdate: string },
) =>
  (await db.one<{ ticket_id: number }>(
    `INSERT INTO tickets (ticket_number, account_id, base_order_id, subject, status, request_customer_response,
       created, last_update_posted)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (ticket_number) DO UPDATE SET account_id = EXCLUDED.account_id,
       base_order_id = EXCLUDED.base_order_id, subject = EXCLUDED.subject, status = EXCLUDED.status,
       request_customer_response = EXCLUDED.request_customer_response,
       last_update_posted = GREATEST(tickets.last_update_posted, EXCLUDED.last_update_posted)
     RETURNING ticket_id`,
    [
      t.ticket_number,
      ids.accountId,
      ids.baseOrderId,
      t.subject,
      t.status,
      t.request_customer_response,
      times.created,
      times.lastUpdate,
    ],
  ))!.ticket_id;

/** Upserts the provider's messages by their external_id, in one statement (ids in list order). */
export async function upsertMessages(db: Db, ticketId: number, messages: TicketItem['messages']) {
  if (messages.length === 0) return;
  await db.query(
    `INSERT INTO ticket_messages (ticket_id, external_id, author_type, author_nm, body, created_at)
     SELECT $1, m.external_id, m.author_type, m.author_nm, m.body, m.created_at
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[]) WITH ORDINALITY
            AS m(external_id, author_type, author_nm, body, created_at, n)
      ORDER BY m.n
     ON CONFLICT (ticket_id, external_id) DO UPDATE SET author_type = EXCLUDED.author_type,
       author_nm = EXCLUDED.author_nm, body = EXCLUDED.body, created_at = EXCLUDED.created_at`,
    [
      ticketId,
      messages.map((m) => m.external_id),
      messages.map((m) => (m.from_provider ? 'provider' : 'customer')),
      messages.map((m) => m.author_name),
      messages.map((m) => m.body),
      messages.map((m) => m.created_at),
    ],
  );
}
