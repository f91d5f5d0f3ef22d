import type { BalanceHistory, Invoice, InvoiceProduct, InvoiceSummary, invoices } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';
import { inCallerAccounts } from '../../db/scope.ts';

/**
 * The one rule of an invoice's status: paid once nothing is open, overdue when something is open after
 * the due date, else partly paid or unpaid. "Open" is total minus paid, what the balance history ages.
 */
const statusSql = (today: string) => `CASE WHEN i.amount_paid >= i.total_amt_due THEN 'paid'
  WHEN i.due_date < ${today}::date THEN 'overdue'
  WHEN i.amount_paid > 0 THEN 'partly paid' ELSE 'unpaid' END`;

/** `today` is the parameter holding the caller's today ('YYYY-MM-DD', from the injected clock). */
const summaryColumns = (today: string) => `
  i.account_id, i.cycle_log_id, i.invoice_number, a.account_number, a.name AS account_name,
  to_char(i.bill_date, 'YYYY-MM-DD') AS bill_date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
  i.total_amt_due, i.amount_paid, a.currency, ${statusSql(today)} AS status, i.is_downloadable`;

/** The invoice with its charges. */
const invoiceColumns = (today: string) => `${summaryColumns(today)},
  i.monthly_charges, i.late_payment_charges, i.adjustments,
  i.taxes_fees_other, i.governmental_charges, i.balance_forward,
  (i.due_date - ${today}::date)::int AS days_until_due`;

export const findLatestInvoice = (db: Db, userId: number, accountId: number, today: string) =>
  db.one<Invoice>(
    `SELECT ${invoiceColumns('$3')}
       FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE i.account_id = $2 AND ${inCallerAccounts('i.account_id', 1)}
      ORDER BY i.bill_date DESC, i.cycle_log_id DESC LIMIT 1`,
    [userId, accountId, today],
  );

export const findInvoice = (db: Db, userId: number, accountId: number, cycleLogId: number, today: string) =>
  db.one<Invoice>(
    `SELECT ${invoiceColumns('$4')}
       FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE i.cycle_log_id = $3 AND i.account_id = $2 AND ${inCallerAccounts('i.account_id', 1)}`,
    [userId, accountId, cycleLogId, today],
  );

export interface InvoiceFilter {
  today: string;
  accountId?: number;
  search?: string;
  sort?: (typeof invoices.invoiceSortColumns)[number];
  order?: 'asc' | 'desc';
  page: number;
  perPage: number;
}

/** Sort columns of the list, mapped to SQL (a fixed map: nothing the caller sends reaches the SQL text). */
const sortSql: Record<(typeof invoices.invoiceSortColumns)[number], string> = {
  invoice_number: 'i.invoice_number',
  account_number: 'a.account_number',
  bill_date: 'i.bill_date',
  due_date: 'i.due_date',
  total_amt_due: 'i.total_amt_due',
};

/** A page of the caller's invoices, newest bill first; search matches invoice number, account number or name. */
export async function findInvoices(db: Db, userId: number, filter: InvoiceFilter) {
  const params: unknown[] = [userId, filter.today];
  const where = [inCallerAccounts('i.account_id', 1)];
  if (filter.accountId !== undefined) {
    params.push(filter.accountId);
    where.push(`i.account_id = $${params.length}`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    const n = params.length;
    where.push(`(i.invoice_number ILIKE $${n} OR a.account_number ILIKE $${n} OR a.name ILIKE $${n})`);
  }
  const { limit, offset } = limitOffset(filter.page, filter.perPage);
  params.push(limit, offset);
  const direction = filter.order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = filter.sort
    ? `${sortSql[filter.sort]} ${direction}, i.bill_date DESC, i.account_id, i.cycle_log_id DESC`
    : 'i.bill_date DESC, i.account_id, i.cycle_log_id DESC';
  return db.query<InvoiceSummary & { total_count: number }>(
    `SELECT ${summaryColumns('$2')}, count(*) OVER () AS total_count
       FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE ${where.join(' AND ')}
      ORDER BY ${orderBy}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/**
 * Open amounts (total due minus paid) of each of the caller's accounts, aged by days past the due
 * date on `today`: not yet due and up to 30 days late count in 0-30. Credits age the same way, so the
 * buckets always add up to the balance. A payment the provider applied to no invoice is a credit of
 * the account, aged from the day it was paid (decision 077).
 */
export const findBalanceHistory = async (db: Db, userId: number, today: string): Promise<BalanceHistory[]> => {
  const rows = await db.query<{
    account_id: number;
    account_number: string;
    name: string;
    currency: string;
    b0: number;
    b30: number;
    b60: number;
    b90: number;
    balance: number;
  }>(
    `SELECT a.account_id, a.account_number, a.name, a.currency,
            COALESCE(sum(o.open) FILTER (WHERE o.late <= 30), 0)::numeric(14,2) AS b0,
            COALESCE(sum(o.open) FILTER (WHERE o.late > 30 AND o.late <= 60), 0)::numeric(14,2) AS b30,
            COALESCE(sum(o.open) FILTER (WHERE o.late > 60 AND o.late <= 90), 0)::numeric(14,2) AS b60,
            COALESCE(sum(o.open) FILTER (WHERE o.late > 90), 0)::numeric(14,2) AS b90,
            COALESCE(sum(o.open), 0)::numeric(14,2) AS balance
       FROM accounts a
       LEFT JOIN LATERAL (
             SELECT i.total_amt_due - i.amount_paid AS open, ($2::date - i.due_date) AS late
               FROM invoices i
              WHERE i.account_id = a.account_id AND i.amount_paid <> i.total_amt_due
             UNION ALL
             SELECT -p.amount, ($2::date - (p.paid_at AT TIME ZONE 'UTC')::date)
               FROM payments p
              WHERE p.account_id = a.account_id AND p.cycle_log_id IS NULL) o ON true
      WHERE ${inCallerAccounts('a.account_id', 1)}
      GROUP BY a.account_id, a.account_number, a.name, a.currency
      ORDER BY a.account_number`,
    [userId, today],
  );
  return rows.map((r) => ({
    account_id: r.account_id,
    account: { account_number: r.account_number, name: r.name },
    currency: r.currency,
    '0-30': r.b0,
    '30-60': r.b30,
    '60-90': r.b60,
    '90+': r.b90,
    balance: r.balance,
  }));
};

/** Spend per product on one invoice (lines of the same product summed), with the number of lines. */
export const findInvoiceProducts = (db: Db, cycleLogId: number) =>
  db.query<InvoiceProduct>(
    `SELECT p.product_cd, p.short_product_name, p.product, p.product_group,
            sum(ip.price)::numeric(14,2) AS price, count(*)::int AS service_count
       FROM invoice_products ip JOIN products p ON p.product_cd = ip.product_cd
      WHERE ip.cycle_log_id = $1
      GROUP BY p.product_cd, p.short_product_name, p.product, p.product_group
      ORDER BY price DESC, p.product`,
    [cycleLogId],
  );

/** The account of the caller, or undefined. */
export const findCallerAccount = (db: Db, userId: number, accountId: number) =>
  db.one<{ account_id: number; account_number: string; name: string; company_nm: string }>(
    `SELECT a.account_id, a.account_number, a.name, a.company_nm
       FROM accounts a
      WHERE a.account_id = $2 AND ${inCallerAccounts('a.account_id', 1)}`,
    [userId, accountId],
  );

/** One invoiced service line of the services history (the invoice's columns come from `InvoiceHead`). */
export interface ServiceLine {
  invoice_product_id: number;
  order_number: string | null;
  uss_circuit_id: string | null;
  customer_ref: string | null;
  product_cd: string;
  product: string;
  product_group: string;
  price: string;
}

export interface InvoiceHead {
  cycle_log_id: number;
  currency: string;
  invoice_number: string;
  bill_date: string;
  due_date: string;
}

/** The invoices of an account, newest bill first (one row a month: small however many services). */
export const findInvoiceHeads = (db: Db, accountId: number) =>
  db.query<InvoiceHead>(
    `SELECT i.cycle_log_id, i.invoice_number, a.currency,
            to_char(i.bill_date, 'YYYY-MM-DD') AS bill_date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date
       FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE i.account_id = $1
      ORDER BY i.bill_date DESC, i.cycle_log_id DESC`,
    [accountId],
  );

/**
 * One batch of an invoice's service lines after line `afterId` (keyset paging on the
 * (cycle_log_id, invoice_product_id) index, so every batch costs the same however long the
 * invoice is). Price stays text: the exact decimal.
 */
export const findServiceLines = (db: Db, cycleLogId: number, afterId: number, limit: number) =>
  db.query<ServiceLine>(
    `SELECT ip.invoice_product_id, o.order_number, o.uss_circuit_id, o.customer_ref,
            p.product_cd, p.product, p.product_group, ip.price::numeric(14,2)::text AS price
       FROM invoice_products ip
       JOIN products p ON p.product_cd = ip.product_cd
       LEFT JOIN orders o ON o.base_order_id = ip.base_order_id
      WHERE ip.cycle_log_id = $1 AND ip.invoice_product_id > $2
      ORDER BY ip.invoice_product_id
      LIMIT $3`,
    [cycleLogId, afterId, limit],
  );
