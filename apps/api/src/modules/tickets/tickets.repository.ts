import type { Ticket } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../lib/scope.ts';
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
