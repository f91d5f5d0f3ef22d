import type { Attachment, Ticket, TicketDetail, TicketMessage } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../db/scope.ts';
import { likePattern } from '../../lib/paging.ts';

const sortColumns: Record<string, string> = {
  ticket_number: 't.ticket_number',
  subject: 'lower(t.subject)',
  created: 't.created',
  uss_circuit_id: 'o.uss_circuit_id',
  customer_ref: 'o.customer_ref',
  status: 't.status',
  last_update_posted: 't.last_update_posted',
};

const ticketColumns = `
  t.ticket_id, t.ticket_number, t.account_id, t.subject, t.status, t.request_customer_response,
  extract(epoch FROM t.created)::bigint AS created,
  extract(epoch FROM t.last_update_posted)::bigint AS last_update_posted,
  CASE WHEN o.base_order_id IS NULL THEN NULL ELSE json_build_object(
    'base_order_id', o.base_order_id, 'order_number', o.order_number,
    'uss_circuit_id', o.uss_circuit_id, 'customer_ref', o.customer_ref) END AS base_order`;

export interface TicketQuery {
  userId: number;
  accountId?: number | undefined;
  search?: string | undefined;
  sortColumn: string;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export function findTickets(db: Db, q: TicketQuery) {
  const params: unknown[] = [q.userId];
  const where = [inCallerAccounts('t.account_id', 1)];
  if (q.accountId) {
    params.push(q.accountId);
    where.push(`t.account_id = $${params.length}`);
  }
  if (q.search) {
    params.push(likePattern(q.search));
    const n = params.length;
    where.push(`(t.ticket_number ILIKE $${n} OR CAST(t.ticket_id AS text) ILIKE $${n} OR t.subject ILIKE $${n})`);
  }
  params.push(q.limit, q.offset);
  const sort = sortColumns[q.sortColumn] ?? 't.last_update_posted';
  return db.query<Ticket & { total_count: number }>(
    `SELECT ${ticketColumns}, count(*) OVER () AS total_count
       FROM tickets t LEFT JOIN orders o ON o.base_order_id = t.base_order_id
      WHERE ${where.join(' AND ')}
      ORDER BY ${sort} ${q.sortOrder === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, t.ticket_id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

export const findTicketsRequestingResponse = (db: Db, userId: number) =>
  db.query<Ticket>(
    `SELECT ${ticketColumns}
       FROM tickets t LEFT JOIN orders o ON o.base_order_id = t.base_order_id
      WHERE t.request_customer_response AND ${inCallerAccounts('t.account_id', 1)}
      ORDER BY t.last_update_posted DESC LIMIT 50`,
    [userId],
  );

/** The header of one of the caller's tickets (account, order), or undefined. */
export const findTicketHeader = (db: Db, userId: number, ticketId: number) =>
  db.one<Omit<TicketDetail, 'messages'>>(
    `SELECT t.ticket_id, t.ticket_number, t.account_id, t.subject, t.status, t.request_customer_response,
            extract(epoch FROM t.created)::bigint AS created,
            extract(epoch FROM t.last_update_posted)::bigint AS last_update_posted,
            t.impact, t.contact_name, t.contact_email, t.contact_phone,
            json_build_object('account_id', a.account_id, 'account_number', a.account_number, 'name', a.name) AS account,
            CASE WHEN o.base_order_id IS NULL THEN NULL ELSE json_build_object(
              'base_order_id', o.base_order_id, 'order_number', o.order_number, 'uss_circuit_id', o.uss_circuit_id,
              'customer_ref', o.customer_ref, 'alias', o.alias, 'product', p.product,
              'product_controller', p.product_controller) END AS base_order
       FROM tickets t
       JOIN accounts a ON a.account_id = t.account_id
       LEFT JOIN orders o ON o.base_order_id = t.base_order_id
       LEFT JOIN products p ON p.product_cd = o.product_cd
      WHERE t.ticket_id = $2 AND ${inCallerAccounts('t.account_id', 1)}`,
    [userId, ticketId],
  );

const attachmentsOfMessage = `coalesce((
  SELECT json_agg(json_build_object('attachment_id', f.attachment_id, 'file_name', f.file_name,
                                    'content_type', f.content_type, 'size_bytes', f.size_bytes) ORDER BY f.attachment_id)
    FROM ticket_attachments f WHERE f.message_id = m.message_id), '[]'::json) AS attachments`;

const messageColumns = `m.message_id, m.author_type, m.author_nm, m.body,
  extract(epoch FROM m.created_at)::bigint AS created, ${attachmentsOfMessage}`;

/** A ticket's conversation, oldest first. Call only for a ticket the caller may see. */
export const findMessages = (db: Db, ticketId: number) =>
  db.query<TicketMessage>(
    `SELECT ${messageColumns} FROM ticket_messages m WHERE m.ticket_id = $1 ORDER BY m.created_at, m.message_id`,
    [ticketId],
  );

export const findMessage = (db: Db, messageId: number) =>
  db.one<TicketMessage>(`SELECT ${messageColumns} FROM ticket_messages m WHERE m.message_id = $1`, [messageId]);

export const insertMessage = (
  db: Db,
  m: { ticketId: number; userId: number | null; authorName: string; body: string; at: Date },
) =>
  db.one<{ message_id: number }>(
    `INSERT INTO ticket_messages (ticket_id, author_type, author_nm, user_id, body, created_at)
     VALUES ($1, 'customer', $2, $3, $4, $5) RETURNING message_id`,
    [m.ticketId, m.authorName, m.userId, m.body, m.at],
  ) as Promise<{ message_id: number }>;

/**
 * After the customer's reply: no longer awaiting the customer, and a status that waited on the
 * customer moves on. Locks the row; undefined when the ticket takes no replies (closed).
 */
export const markCustomerReplied = (
  db: Db,
  ticketId: number,
  at: Date,
  rules: { afterReply: string; awaiting: readonly string[]; closed: readonly string[] },
) =>
  db.one<{ ticket_id: number; ticket_number: string; subject: string; status: string }>(
    `UPDATE tickets SET
        status = CASE WHEN request_customer_response OR status = ANY($3::text[]) THEN $2 ELSE status END,
        request_customer_response = false,
        last_update_posted = $5
      WHERE ticket_id = $1 AND NOT (status = ANY($4::text[]))
      RETURNING ticket_id, ticket_number, subject, status`,
    [ticketId, rules.afterReply, rules.awaiting, rules.closed, at],
  );

export interface NewTicketRow {
  accountId: number;
  baseOrderId: number;
  /** The user who opened it; null when a customer API token did. */
  userId: number | null;
  subject: string;
  status: string;
  impact: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string | null;
  at: Date;
}

export const insertTicket = (db: Db, t: NewTicketRow) =>
  db.one<{ ticket_id: number; ticket_number: string }>(
    `INSERT INTO tickets (ticket_number, account_id, base_order_id, opened_by_user_id, subject, status, impact,
                          contact_name, contact_email, contact_phone, request_customer_response, created, last_update_posted)
     VALUES ('TT-' || nextval('portal_ticket_number_seq'), $1, $2, $3, $4, $5, $6, $7, $8, $9, false, $10, $10)
     RETURNING ticket_id, ticket_number`,
    [
      t.accountId,
      t.baseOrderId,
      t.userId,
      t.subject,
      t.status,
      t.impact,
      t.contactName,
      t.contactEmail,
      t.contactPhone,
      t.at,
    ],
  ) as Promise<{ ticket_id: number; ticket_number: string }>;

/** The caller's name and email, and the phone of the last ticket they opened. */
export const findContactDefaults = (db: Db, userId: number) =>
  db.one<{ contact_name: string; contact_email: string; contact_phone: string }>(
    `SELECT u.first_nm || ' ' || u.last_nm AS contact_name, u.email_nm AS contact_email,
            coalesce((SELECT t.contact_phone FROM tickets t
                       WHERE t.opened_by_user_id = u.user_id AND t.contact_phone IS NOT NULL
                       ORDER BY t.created DESC LIMIT 1), '') AS contact_phone
       FROM users u WHERE u.user_id = $1`,
    [userId],
  );

export const findUserName = (db: Db, userId: number) =>
  db.one<{ name: string }>(`SELECT first_nm || ' ' || last_nm AS name FROM users WHERE user_id = $1`, [userId]);

/* Attachments ----------------------------------------------------------------------------------- */

/**
 * The uploader `$n` names: a user, or minus a customer API token's id (decision 132), as db/scope.ts
 * reads the caller. A token's upload is the token's alone, never its creator's.
 */
const uploadedBy = (n: number) => `(uploaded_by_user_id = $${n} OR uploaded_by_token_id = -$${n}::int)`;

export interface NewAttachment {
  /** The caller's id: a user's, or minus an API token's. */
  userId: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  storageName: string;
  sha256: string;
  at: Date;
}

export const insertAttachment = (db: Db, a: NewAttachment) =>
  db.one<Attachment>(
    `INSERT INTO ticket_attachments (uploaded_by_user_id, uploaded_by_token_id, file_name, content_type, size_bytes,
       storage_name, sha256, created_at)
     VALUES (CASE WHEN $1::int > 0 THEN $1::int END, CASE WHEN $1::int < 0 THEN -$1::int END, $2, $3, $4, $5, $6, $7)
     RETURNING attachment_id, file_name, content_type, size_bytes`,
    [a.userId, a.fileName, a.contentType, a.sizeBytes, a.storageName, a.sha256, a.at],
  ) as Promise<Attachment>;

/** Uploads of this user not yet attached, since `since` (a bound on what one user may park on disk). */
export const countUnattached = async (db: Db, userId: number, since: Date) =>
  (
    await db.one<{ n: number }>(
      `SELECT count(*) AS n FROM ticket_attachments
        WHERE message_id IS NULL AND ${uploadedBy(1)} AND created_at > $2`,
      [userId, since],
    )
  )?.n ?? 0;

/**
 * Attaches the caller's own unattached uploads to a message; returns how many were taken (fewer
 * than asked means some id was not the caller's pending upload).
 */
export const claimAttachments = async (
  db: Db,
  userId: number,
  ids: readonly number[],
  ticketId: number,
  messageId: number,
) =>
  (
    await db.query<{ attachment_id: number }>(
      `UPDATE ticket_attachments SET ticket_id = $3, message_id = $4
        WHERE attachment_id = ANY($2::int[]) AND ${uploadedBy(1)} AND message_id IS NULL
        RETURNING attachment_id`,
      [userId, ids, ticketId, messageId],
    )
  ).length;

/** An attachment of a ticket the caller may see, or undefined. */
export const findAttachment = (db: Db, userId: number, attachmentId: number) =>
  db.one<{ file_name: string; content_type: string; size_bytes: number; storage_name: string }>(
    `SELECT f.file_name, f.content_type, f.size_bytes, f.storage_name
       FROM ticket_attachments f JOIN tickets t ON t.ticket_id = f.ticket_id
      WHERE f.attachment_id = $2 AND f.message_id IS NOT NULL AND ${inCallerAccounts('t.account_id', 1)}`,
    [userId, attachmentId],
  );

/** Removes uploads nobody attached before `before`; returns their storage names (to delete the files). */
export const deleteUnattached = async (db: Db, before: Date) =>
  (
    await db.query<{ storage_name: string }>(
      `DELETE FROM ticket_attachments WHERE message_id IS NULL AND created_at < $1 RETURNING storage_name`,
      [before],
    )
  ).map((r) => r.storage_name);
