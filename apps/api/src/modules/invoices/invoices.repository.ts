import type { Invoice, InvoiceProduct } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../lib/scope.ts';

export const invoiceColumns = `
  i.account_id, i.cycle_log_id, i.invoice_number, a.account_number,
  to_char(i.bill_date, 'YYYY-MM-DD') AS bill_date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
  i.total_amt_due, i.is_downloadable, i.monthly_charges, i.late_payment_charges, i.adjustments,
  i.taxes_fees_other, i.governmental_charges, i.balance_forward,
  (i.due_date - current_date)::int AS days_until_due`;

export const findLatestInvoice = (db: Db, userId: number, accountId: number) =>
  db.one<Invoice>(
    `SELECT ${invoiceColumns}
       FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE i.account_id = $2 AND ${inCallerAccounts('i.account_id', 1)}
      ORDER BY i.bill_date DESC, i.cycle_log_id DESC LIMIT 1`,
    [userId, accountId],
  );

export const findInvoice = (db: Db, userId: number, accountId: number, cycleLogId: number) =>
  db.one<Invoice>(
    `SELECT ${invoiceColumns}
       FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE i.cycle_log_id = $3 AND i.account_id = $2 AND ${inCallerAccounts('i.account_id', 1)}`,
    [userId, accountId, cycleLogId],
  );

/** Spend per product on one invoice (lines of the same product summed). */
export const findInvoiceProducts = (db: Db, cycleLogId: number) =>
  db.query<InvoiceProduct>(
    `SELECT p.product_cd, p.short_product_name, p.product, p.product_group, sum(ip.price)::numeric(14,2) AS price
       FROM invoice_products ip JOIN products p ON p.product_cd = ip.product_cd
      WHERE ip.cycle_log_id = $1
      GROUP BY p.product_cd, p.short_product_name, p.product, p.product_group
      ORDER BY price DESC, p.product`,
    [cycleLogId],
  );
