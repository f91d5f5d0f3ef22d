import type { PaymentItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const readPayment = (db: Db, reference: string) =>
  db.one<Omit<PaymentItem, 'payment_reference'>>(
    `SELECT a.account_number, ${utc('p.paid_at')} AS paid_at, p.amount::text AS amount, i.invoice_number
       FROM payments p JOIN accounts a ON a.account_id = p.account_id
       LEFT JOIN invoices i ON i.cycle_log_id = p.cycle_log_id
      WHERE p.payment_reference = $1`,
    [reference],
  );

export const invoiceOfAccount = async (db: Db, accountId: number, invoiceNumber: string) =>
  (
    await db.one<{ cycle_log_id: number }>(
      'SELECT cycle_log_id FROM invoices WHERE account_id = $1 AND invoice_number = $2',
      [accountId, invoiceNumber],
    )
  )?.cycle_log_id;

export const upsertPayment = (db: Db, p: PaymentItem, accountId: number, cycleLogId: number | null) =>
  db.query(
    `INSERT INTO payments (payment_reference, account_id, cycle_log_id, paid_at, amount) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (payment_reference) DO UPDATE SET account_id = EXCLUDED.account_id,
       cycle_log_id = EXCLUDED.cycle_log_id, paid_at = EXCLUDED.paid_at, amount = EXCLUDED.amount`,
    [p.payment_reference, accountId, cycleLogId, p.paid_at, p.amount],
  );

export const paymentInvoiceId = async (db: Db, reference: string) =>
  (
    await db.one<{ cycle_log_id: number | null }>('SELECT cycle_log_id FROM payments WHERE payment_reference = $1', [
      reference,
    ])
  )?.cycle_log_id ?? null;

/**
 * An invoice's paid amount is the sum of the payments made against it: the one figure its status and
 * the balance history's open amounts derive from.
 */
export const refreshAmountPaid = (db: Db, cycleLogIds: number[]) =>
  db.query(
    `UPDATE invoices i SET amount_paid = COALESCE((SELECT sum(p.amount) FROM payments p
        WHERE p.cycle_log_id = i.cycle_log_id), 0)
      WHERE i.cycle_log_id = ANY($1)`,
    [cycleLogIds],
  );
