import type { Payment, PaymentMethod, PaymentStatus } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { limitOffset } from '../../lib/paging.ts';
import { inCallerAccounts } from '../../db/scope.ts';

/** The caller's account with what paying needs: currency, balance, and whether the caller administers it. */
export const findPayingAccount = (db: Db, userId: number, accountId: number) =>
  db.one<{
    account_id: number;
    account_number: string;
    name: string;
    currency: string;
    is_account_admin: boolean;
    balance: number;
  }>(
    `SELECT a.account_id, a.account_number, a.name, a.currency, au.is_account_admin,
       (COALESCE((SELECT sum(i.total_amt_due - i.amount_paid) FROM invoices i WHERE i.account_id = a.account_id), 0)
        - COALESCE((SELECT sum(p.amount) FROM payments p WHERE p.account_id = a.account_id AND p.cycle_log_id IS NULL), 0)
       )::numeric(14,2) AS balance
       FROM accounts a JOIN accounts_users au ON au.account_id = a.account_id AND au.user_id = $1
      WHERE a.account_id = $2`,
    [userId, accountId],
  );

/** The account's invoices with something open, oldest due first. */
export const findOpenInvoices = (db: Db, accountId: number) =>
  db.query<{ cycle_log_id: number; invoice_number: string; due_date: string; open_amount: number }>(
    `SELECT cycle_log_id, invoice_number, to_char(due_date, 'YYYY-MM-DD') AS due_date,
       (total_amt_due - amount_paid)::numeric(14,2) AS open_amount
       FROM invoices WHERE account_id = $1 AND amount_paid < total_amt_due
      ORDER BY due_date, cycle_log_id`,
    [accountId],
  );

export const isAccountInvoice = async (db: Db, accountId: number, cycleLogId: number) =>
  (await db.one('SELECT 1 FROM invoices WHERE cycle_log_id = $1 AND account_id = $2', [cycleLogId, accountId])) !==
  undefined;

export const findPaymentAccount = (db: Db, accountId: number) =>
  db.one<{ customer_ref: string; provider: string; autopay: boolean; autopay_days_before: number }>(
    'SELECT customer_ref, provider, autopay, autopay_days_before FROM payment_accounts WHERE account_id = $1',
    [accountId],
  );

export const insertPaymentAccount = (db: Db, accountId: number, provider: string, customerRef: string) =>
  db.query(
    `INSERT INTO payment_accounts (account_id, provider, customer_ref) VALUES ($1, $2, $3)
     ON CONFLICT (account_id) DO NOTHING`,
    [accountId, provider, customerRef],
  );

export const findAccountByCustomer = (db: Db, provider: string, customerRef: string) =>
  db.one<{ account_id: number }>('SELECT account_id FROM payment_accounts WHERE provider = $1 AND customer_ref = $2', [
    provider,
    customerRef,
  ]);

export const updateAutopay = (db: Db, accountId: number, enabled: boolean, daysBefore: number, today: string) =>
  db.one<{ autopay: boolean; autopay_days_before: number }>(
    `UPDATE payment_accounts SET autopay = $2, autopay_days_before = $3,
       autopay_since = CASE WHEN $2 AND NOT autopay THEN $4::date WHEN $2 THEN autopay_since ELSE NULL END
      WHERE account_id = $1 RETURNING autopay, autopay_days_before`,
    [accountId, enabled, daysBefore, today],
  );

const methodColumns = `payment_method_id AS method_id, kind, brand, last4, exp_month, exp_year, bank_name, is_default`;

export const findMethods = (db: Db, accountId: number) =>
  db.query<PaymentMethod>(
    `SELECT ${methodColumns} FROM payment_methods WHERE account_id = $1 ORDER BY created_at, payment_method_id`,
    [accountId],
  );

export const findMethod = (db: Db, accountId: number, methodId: number) =>
  db.one<PaymentMethod & { provider_ref: string }>(
    `SELECT ${methodColumns}, provider_ref FROM payment_methods WHERE account_id = $1 AND payment_method_id = $2`,
    [accountId, methodId],
  );

export const findDefaultMethod = (db: Db, accountId: number) =>
  db.one<{ provider_ref: string }>('SELECT provider_ref FROM payment_methods WHERE account_id = $1 AND is_default', [
    accountId,
  ]);

/** Saves a method (once per provider id); the account's first method becomes its default. */
export const insertMethod = (
  db: Db,
  accountId: number,
  m: {
    methodRef: string;
    kind: string;
    brand: string | null;
    last4: string | null;
    expMonth: number | null;
    expYear: number | null;
    bankName: string | null;
  },
  nowMs: number,
) =>
  db.one<{ payment_method_id: number }>(
    `INSERT INTO payment_methods (account_id, provider_ref, kind, brand, last4, exp_month, exp_year, bank_name,
       is_default, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8,
       NOT EXISTS (SELECT 1 FROM payment_methods WHERE account_id = $1 AND is_default), to_timestamp($9 / 1000.0))
     ON CONFLICT (provider_ref) DO NOTHING RETURNING payment_method_id`,
    [accountId, m.methodRef, m.kind, m.brand, m.last4, m.expMonth, m.expYear, m.bankName, nowMs],
  );

export async function makeDefaultMethod(db: Db, accountId: number, methodId: number) {
  await db.query('UPDATE payment_methods SET is_default = false WHERE account_id = $1 AND is_default', [accountId]);
  await db.query('UPDATE payment_methods SET is_default = true WHERE account_id = $1 AND payment_method_id = $2', [
    accountId,
    methodId,
  ]);
}

export const deleteMethod = (db: Db, accountId: number, methodId: number) =>
  db.query('DELETE FROM payment_methods WHERE account_id = $1 AND payment_method_id = $2', [accountId, methodId]);

/** A portal payment as the pages and events show it. */
const paymentColumns = `pp.payment_reference, pp.account_id, a.account_number, pp.cycle_log_id, i.invoice_number,
  pp.amount, pp.amount_refunded, pp.currency, pp.status, pp.autopay,
  CASE WHEN p.source IS NOT NULL THEN p.source END AS recorded_by, pp.failure_message,
  extract(epoch FROM pp.created_at)::bigint AS created_at, extract(epoch FROM pp.updated_at)::bigint AS updated_at`;
const paymentFrom = `portal_payments pp JOIN accounts a ON a.account_id = pp.account_id
  LEFT JOIN invoices i ON i.cycle_log_id = pp.cycle_log_id
  LEFT JOIN payments p ON p.payment_reference = pp.payment_reference`;

export type PaymentRow = Payment & {
  session_ref: string | null;
  intent_ref: string | null;
  charge_ref: string | null;
  user_id: number | null;
  receipt_sent: boolean;
};

const rowColumns = `${paymentColumns}, pp.session_ref, pp.intent_ref, pp.charge_ref, pp.user_id, pp.receipt_sent`;

export const findPayment = (db: Db, accountId: number, reference: string) =>
  db.one<PaymentRow>(
    `SELECT ${rowColumns} FROM ${paymentFrom} WHERE pp.account_id = $1 AND pp.payment_reference = $2`,
    [accountId, reference],
  );

/** The payment a provider report names, by the first of its ids the portal holds; locked for the change. */
export const findPaymentByRefs = (
  db: Db,
  refs: { reference?: string | undefined; sessionRef?: string | undefined; intentRef?: string | undefined },
) =>
  db.one<PaymentRow>(
    `SELECT ${rowColumns} FROM ${paymentFrom}
      WHERE pp.portal_payment_id = (SELECT portal_payment_id FROM portal_payments
        WHERE payment_reference = $1 OR session_ref = $2 OR intent_ref = $3 LIMIT 1)
      FOR UPDATE OF pp`,
    [refs.reference ?? null, refs.sessionRef ?? null, refs.intentRef ?? null],
  );

export const findPayments = (db: Db, accountId: number, page: number, perPage: number) => {
  const { limit, offset } = limitOffset(page, perPage);
  return db.query<Payment & { total_count: number }>(
    `SELECT ${paymentColumns}, count(*) OVER () AS total_count FROM ${paymentFrom}
      WHERE pp.account_id = $1 AND pp.status <> 'open'
      ORDER BY pp.created_at DESC, pp.portal_payment_id DESC LIMIT $2 OFFSET $3`,
    [accountId, limit, offset],
  );
};

/** Payments waiting for the customer on invoices still open, of the caller's accounts. */
export const findActions = (db: Db, userId: number) =>
  db.query<Payment>(
    `SELECT ${paymentColumns} FROM ${paymentFrom}
      WHERE ${inCallerAccounts('pp.account_id', 1)} AND pp.autopay AND pp.status IN ('requires_action', 'failed')
        AND i.amount_paid < i.total_amt_due
      ORDER BY pp.created_at DESC`,
    [userId],
  );

export const insertPortalPayment = (
  db: Db,
  p: {
    reference: string;
    accountId: number;
    cycleLogId: number | null;
    amount: number;
    currency: string;
    userId: number | null;
    autopay: boolean;
    nowMs: number;
  },
) =>
  db.one<{ portal_payment_id: number }>(
    `INSERT INTO portal_payments (payment_reference, account_id, cycle_log_id, amount, currency, status, autopay,
       user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, to_timestamp($8 / 1000.0), to_timestamp($8 / 1000.0))
     ON CONFLICT DO NOTHING RETURNING portal_payment_id`,
    [p.reference, p.accountId, p.cycleLogId, p.amount, p.currency, p.autopay, p.userId, p.nowMs],
  );

export const setProviderRefs = (
  db: Db,
  reference: string,
  refs: { sessionRef?: string | undefined; intentRef?: string | undefined; chargeRef?: string | undefined },
) =>
  db.query(
    `UPDATE portal_payments SET session_ref = COALESCE(session_ref, $2), intent_ref = COALESCE($3, intent_ref),
       charge_ref = COALESCE($4, charge_ref) WHERE payment_reference = $1`,
    [reference, refs.sessionRef ?? null, refs.intentRef ?? null, refs.chargeRef ?? null],
  );

export const updatePaymentStatus = (
  db: Db,
  reference: string,
  s: { status: PaymentStatus; amountRefunded?: number; failureMessage?: string | null; nowMs: number },
) =>
  db.query(
    `UPDATE portal_payments SET status = $2, amount_refunded = COALESCE($3, amount_refunded),
       failure_message = CASE WHEN $2 IN ('failed', 'requires_action') THEN $4 ELSE NULL END,
       updated_at = to_timestamp($5 / 1000.0)
      WHERE payment_reference = $1`,
    [reference, s.status, s.amountRefunded ?? null, s.failureMessage ?? null, s.nowMs],
  );

export const markReceiptSent = (db: Db, reference: string) =>
  db.one<{ payment_reference: string }>(
    `UPDATE portal_payments SET receipt_sent = true WHERE payment_reference = $1 AND NOT receipt_sent
     RETURNING payment_reference`,
    [reference],
  );

/**
 * What the portal's payment counts for now: while the portal's own `payments` row stands for it, the amount
 * taken less what was refunded (nothing once failed or disputed). A row billing sent is never touched.
 */
export async function syncCountedPayment(
  db: Db,
  p: { reference: string; accountId: number; cycleLogId: number | null; counted: number; nowMs: number },
) {
  if (p.counted > 0) {
    await db.query(
      `INSERT INTO payments (payment_reference, account_id, cycle_log_id, paid_at, amount, source)
       VALUES ($1, $2, $3, to_timestamp($4 / 1000.0), $5, 'portal')
       ON CONFLICT (payment_reference) DO UPDATE SET amount = EXCLUDED.amount WHERE payments.source = 'portal'`,
      [p.reference, p.accountId, p.cycleLogId, p.nowMs, p.counted],
    );
  } else {
    await db.query(`DELETE FROM payments WHERE payment_reference = $1 AND source = 'portal'`, [p.reference]);
  }
}

/** Records a provider event id; false when it was applied before. */
export const claimProviderEvent = async (db: Db, eventRef: string, type: string, nowMs: number) =>
  (await db.one(
    `INSERT INTO payment_provider_events (event_ref, type, received_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))
     ON CONFLICT DO NOTHING RETURNING event_ref`,
    [eventRef, type, nowMs],
  )) !== undefined;

/** Who hears about a payment: its payer (given), or the account's administrators. */
export const findAccountRecipients = (db: Db, accountId: number, userId: number | null) =>
  db.query<{ email_nm: string; first_nm: string }>(
    `SELECT u.email_nm, u.first_nm FROM users u JOIN accounts_users au ON au.user_id = u.user_id
      WHERE au.account_id = $1 AND CASE WHEN $2::int IS NULL THEN au.is_account_admin ELSE u.user_id = $2 END
      ORDER BY u.user_id`,
    [accountId, userId],
  );

/**
 * Invoices autopay charges today: of accounts with autopay on and a default method, billed since autopay
 * was turned on, due within the chosen days, something open, and no autopay charge claimed yet.
 */
export const findAutopayDue = (db: Db, today: string) =>
  db.query<{
    account_id: number;
    account_number: string;
    currency: string;
    customer_ref: string;
    method_ref: string;
    cycle_log_id: number;
    invoice_number: string;
    open_amount: number;
  }>(
    `SELECT a.account_id, a.account_number, a.currency, pa.customer_ref, m.provider_ref AS method_ref,
       i.cycle_log_id, i.invoice_number, (i.total_amt_due - i.amount_paid)::numeric(14,2) AS open_amount
       FROM payment_accounts pa
       JOIN accounts a ON a.account_id = pa.account_id
       JOIN payment_methods m ON m.account_id = pa.account_id AND m.is_default
       JOIN invoices i ON i.account_id = pa.account_id
      WHERE pa.autopay AND i.bill_date >= pa.autopay_since AND i.amount_paid < i.total_amt_due
        AND i.due_date - pa.autopay_days_before <= $1::date
        AND NOT EXISTS (SELECT 1 FROM portal_payments pp WHERE pp.cycle_log_id = i.cycle_log_id AND pp.autopay)
      ORDER BY i.due_date, i.cycle_log_id LIMIT 100`,
    [today],
  );
