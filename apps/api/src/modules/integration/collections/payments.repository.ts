import type { PaymentItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The payment as the item would state it, the invoice it is counted against now, and who recorded it: the
 * portal's own record of a payment it took (decision 127) becomes billing's when billing sends it.
 */
export const readPayment = (db: Db, reference: string) =>
  db.one<Omit<PaymentItem, 'payment_reference'> & { cycle_log_id: number | null; source: 'billing' | 'portal' }>(
    `SELECT a.account_number, ${utc('p.paid_at')} AS paid_at, p.amount::text AS amount, i.invoice_number,
       p.cycle_log_id, p.source
       FROM payments p JOIN accounts a ON a.account_id = p.account_id
       LEFT JOIN invoices i ON i.cycle_log_id = p.cycle_log_id
      WHERE p.payment_reference = $1`,
    [reference],
  );

/**
 * What a payment item refers to, in one look-up: its account (and its currency) and that account's invoice
 * (if named), with the invoice's total due and what its other payments (all but this reference) paid.
 */
export const paymentReferences = async (
  db: Db,
  accountNumber: string,
  invoiceNumber: string | null,
  reference: string,
) => {
  const row = await db.one<{
    account_id: number;
    currency: string;
    cycle_log_id: number | null;
    total_amt_due: string | null;
    paid_by_others: string | null;
  }>(
    `SELECT a.account_id, a.currency, i.cycle_log_id, i.total_amt_due::text AS total_amt_due,
       (SELECT COALESCE(sum(p.amount), 0)::text FROM payments p
         WHERE p.cycle_log_id = i.cycle_log_id AND p.payment_reference <> $3) AS paid_by_others
       FROM accounts a LEFT JOIN invoices i ON i.account_id = a.account_id AND i.invoice_number = $2
      WHERE a.account_number = $1`,
    [accountNumber, invoiceNumber, reference],
  );
  return {
    accountId: row?.account_id,
    currency: row?.currency,
    cycleLogId: row?.cycle_log_id ?? null,
    invoice:
      row?.cycle_log_id != null
        ? { totalAmtDue: row.total_amt_due!, paidByOthers: row.paid_by_others!, currency: row.currency }
        : null,
  };
};

export const upsertPayment = (db: Db, p: PaymentItem, accountId: number, cycleLogId: number | null) =>
  db.query(
    `INSERT INTO payments (payment_reference, account_id, cycle_log_id, paid_at, amount) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (payment_reference) DO UPDATE SET account_id = EXCLUDED.account_id,
       cycle_log_id = EXCLUDED.cycle_log_id, paid_at = EXCLUDED.paid_at, amount = EXCLUDED.amount, source = 'billing'`,
    [p.payment_reference, accountId, cycleLogId, p.paid_at, p.amount],
  );

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
