import type { PaymentItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

const utc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The held payments of these references as their items would state them, the invoice each is counted
 * against, and who recorded it: the portal's own record of a payment it took (decision 127) becomes
 * billing's when billing sends it.
 */
export const readPayments = (db: Db, references: readonly string[]) =>
  db.query<Omit<PaymentItem, 'currency'> & { cycle_log_id: number | null; source: 'billing' | 'portal' }>(
    `SELECT p.payment_reference, a.account_number, ${utc('p.paid_at')} AS paid_at, p.amount::text AS amount,
       i.invoice_number, p.cycle_log_id, p.source
       FROM payments p JOIN accounts a ON a.account_id = p.account_id
       LEFT JOIN invoices i ON i.cycle_log_id = p.cycle_log_id
      WHERE p.payment_reference = ANY($1::text[])`,
    [references],
  );

/**
 * What payment items refer to, in one look-up: the accounts (and their currency) and those accounts'
 * invoices of the named numbers (keyed by account id and number), with their total due.
 */
export async function paymentReferencesOf(
  db: Db,
  accountNumbers: readonly string[],
  invoiceNumbers: readonly string[],
) {
  const rows = await db.query<{
    account_number: string;
    account_id: number;
    currency: string;
    invoices: [string, number, string][];
  }>(
    `SELECT a.account_number, a.account_id, a.currency,
       COALESCE((SELECT json_agg(json_build_array(i.invoice_number, i.cycle_log_id, i.total_amt_due::text))
                   FROM invoices i
                  WHERE i.account_id = a.account_id AND i.invoice_number = ANY($2::text[])), '[]') AS invoices
       FROM accounts a WHERE a.account_number = ANY($1::text[])`,
    [accountNumbers, invoiceNumbers],
  );
  const accounts = new Map(rows.map((r) => [r.account_number, { id: r.account_id, currency: r.currency }]));
  const invoices = new Map<string, { cycleLogId: number; totalAmtDue: string }>();
  for (const r of rows)
    for (const [number, cycleLogId, totalAmtDue] of r.invoices)
      invoices.set(`${r.account_id}\u0000${number}`, { cycleLogId, totalAmtDue });
  return { accounts, invoices };
}

/** The sum of the payments made against each of these invoices, in cents. */
export async function paidSums(db: Db, cycleLogIds: readonly number[]) {
  if (cycleLogIds.length === 0) return new Map<number, bigint>();
  const rows = await db.query<{ cycle_log_id: number; cents: string }>(
    `SELECT cycle_log_id, (sum(amount) * 100)::numeric(20,0)::text AS cents FROM payments
      WHERE cycle_log_id = ANY($1::int[]) GROUP BY cycle_log_id`,
    [cycleLogIds],
  );
  return new Map(rows.map((r) => [r.cycle_log_id, BigInt(r.cents)]));
}

export type PaymentRow = PaymentItem & { accountId: number; cycleLogId: number | null };

const paymentColumns = (rows: readonly PaymentRow[]) => [
  rows.map((r) => r.payment_reference),
  rows.map((r) => r.accountId),
  rows.map((r) => r.cycleLogId),
  rows.map((r) => r.paid_at),
  rows.map((r) => r.amount),
];
const paymentSource = `unnest($1::text[], $2::int[], $3::int[], $4::timestamptz[], $5::numeric[]) WITH ORDINALITY
  AS u(payment_reference, account_id, cycle_log_id, paid_at, amount, n)`;

/** Adds new payments in one statement (their ids in item order). */
export async function insertPayments(db: Db, rows: readonly PaymentRow[]) {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO payments (payment_reference, account_id, cycle_log_id, paid_at, amount)
     SELECT payment_reference, account_id, cycle_log_id, paid_at, amount FROM ${paymentSource} ORDER BY n`,
    paymentColumns(rows),
  );
}

/** Sets held payments' fields in one statement, writing only the rows whose fields differ. */
export async function updatePayments(db: Db, rows: readonly PaymentRow[]) {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE payments p SET account_id = u.account_id, cycle_log_id = u.cycle_log_id, paid_at = u.paid_at,
       amount = u.amount, source = 'billing'
       FROM ${paymentSource}
      WHERE p.payment_reference = u.payment_reference
        AND (p.account_id, p.cycle_log_id, p.paid_at, p.amount, p.source)
            IS DISTINCT FROM (u.account_id, u.cycle_log_id, u.paid_at, u.amount, 'billing')`,
    paymentColumns(rows),
  );
}

/**
 * An invoice's paid amount is the sum of the payments made against it: the one figure its status and
 * the balance history's open amounts derive from.
 */
export const refreshAmountPaid = async (db: Db, cycleLogIds: readonly number[]) => {
  if (cycleLogIds.length === 0) return;
  await db.query(
    `UPDATE invoices i SET amount_paid = COALESCE((SELECT sum(p.amount) FROM payments p
        WHERE p.cycle_log_id = i.cycle_log_id), 0)
      WHERE i.cycle_log_id = ANY($1::int[])`,
    [cycleLogIds],
  );
};
