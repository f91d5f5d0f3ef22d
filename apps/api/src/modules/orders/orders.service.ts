import { messages, orders, type OrderDetail } from '@portal/contract';
import type { FastifyReply } from 'fastify';

import type { Deps } from '../../deps.ts';
import { csvRecord, sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { limitOffset, pageOrLast } from '../../lib/paging.ts';
import { requireAccount, type Caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordEvent } from '../events/events.service.ts';
import {
  findOrder,
  findOrders,
  findOrdersAfter,
  findPendingOrders,
  findProducts,
  type OrderCsvRow,
  type OrderFilter,
  updateAlias,
} from './orders.repository.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { findOrder, updateAlias } from './orders.repository.ts';

/** Rows per keyset query of the CSV: memory holds one batch, however many services there are. */
export const ordersCsvBatch = 1000;

const filterOf = (caller: Caller, search: orders.OrderSearch): OrderFilter => ({
  userId: caller.userId,
  accountId: search.accountId,
  search: search.search_all,
  productGroup: search.search_product_group || undefined,
  productCd: search.search_product_cd || undefined,
  sort: search.sort,
  order: search.order,
});

const csvFields = (row: OrderCsvRow) => [
  row.account_number,
  row.account_name,
  row.product,
  row.order_number,
  row.uss_circuit_id,
  row.customer_ref,
  row.alias,
  row.mrc_charges.toFixed(2),
  // Accounts may bill in different currencies: each charge names its own (the account's).
  row.currency,
];

/** The services file name: of the chosen account, or of all the caller's accounts. */
export const ordersFileName = (accountNumber: string | null) =>
  accountNumber ? `Services-${accountNumber}.csv` : 'Services-all-accounts.csv';

export function ordersService(deps: Deps) {
  const { db } = deps;

  /** CSV text: header, the first batch (already read), then one chunk per further keyset batch. */
  async function* csv(filter: OrderFilter, first: OrderCsvRow[]): AsyncGenerator<string> {
    yield csvRecord(orders.ordersCsvHeader);
    let batch = first;
    for (;;) {
      if (batch.length > 0) yield batch.map((row) => csvRecord(csvFields(row))).join('');
      if (batch.length < ordersCsvBatch) return;
      const last = batch[batch.length - 1] as OrderCsvRow;
      batch = await findOrdersAfter(
        db,
        filter,
        { sortKey: last.sort_key, baseOrderId: last.base_order_id },
        ordersCsvBatch,
      );
    }
  }

  return {
    products: () => findProducts(db),
    pending: (caller: Caller, count: number) => findPendingOrders(db, caller.userId, count),
    async list(caller: Caller, input: orders.OrderSearch & { page: number; perPage: number }) {
      if (input.accountId !== undefined) await requireAccount(db, caller, input.accountId);
      return pageOrLast(input.page, input.perPage, (page) => {
        const { limit, offset } = limitOffset(page, input.perPage);
        return findOrders(db, filterOf(caller, input), limit, offset);
      });
    },

    /** Streams the search as CSV; NOT_FOUND (the app's Download Error popup) when it finds nothing. */
    async sendCsv(caller: Caller, input: orders.OrderSearch, reply: FastifyReply) {
      if (input.accountId !== undefined) await requireAccount(db, caller, input.accountId);
      const filter = filterOf(caller, input);
      const first = await findOrdersAfter(db, filter, null, ordersCsvBatch);
      if (first.length === 0) throw notFound('There are no services to download.');
      const accountNumber = input.accountId !== undefined ? (first[0] as OrderCsvRow).account_number : null;
      return sendCsv(reply, ordersFileName(accountNumber), csv(filter, first));
    },

    async get(caller: Caller, baseOrderId: number): Promise<OrderDetail> {
      const order = await findOrder(db, caller.userId, baseOrderId);
      if (!order) throw notFound(messages.noOrder);
      return order;
    },

    async changeAlias(caller: Caller, baseOrderId: number, alias: string) {
      const updated = await db.tx(async (tx) => {
        const row = await updateAlias(tx, caller.userId, baseOrderId, alias);
        if (row) {
          await recordEvent(tx, {
            type: 'order.alias_changed',
            nowMs: deps.clock.now(),
            orderId: baseOrderId,
            userId: caller.userId,
            data: { alias: row.alias },
          });
          await recordAudit(tx, {
            kind: 'order.alias_changed',
            nowMs: deps.clock.now(),
            caller,
            orderId: baseOrderId,
            detail: row.alias ? `Alias set to ${row.alias}` : 'Alias removed',
          });
        }
        return row;
      });
      if (!updated) throw notFound(messages.noOrder);
      return updated;
    },
  };
}
