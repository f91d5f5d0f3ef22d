import { integration, invoices, type FieldErrors, type InvoiceItem, type PaymentItem } from '@portal/contract';

/**
 * The rules an item must keep so that what the customer sees stays true (decision 124): pure functions of
 * the parsed item and the state they need, answering the item's field errors (empty when it keeps them).
 * The upsert services read the state and call them; a set-based path can call them the same way.
 */

const im = integration.integrationMessages;
const dayMs = 86_400_000;

/** A canonical decimal (the item schemas' form, "-12.50") in whole cents, exactly. */
export const cents = (value: string): bigint => {
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const magnitude = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return value.startsWith('-') ? -magnitude : magnitude;
};

/** Cents as a decimal with two places ("-12.50"). */
export const decimalOf = (value: bigint): string => {
  const magnitude = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
};

/** What a payment's rules need besides the item. */
export interface PaymentState {
  nowMs: number;
  /**
   * The invoice it names, when it names one: its total due and what the invoice's other payments (all but
   * this payment_reference) already paid, in the account's currency.
   */
  invoice: { totalAmtDue: string; paidByOthers: string; currency: string } | null;
}

/**
 * A payment is more than nothing, made by now, and never more than its invoice still has open: a surplus
 * is a credit, sent without invoice_number, so the invoice never reads as paid more than in full.
 */
export function paymentRules(item: PaymentItem, state: PaymentState): FieldErrors {
  const errors: FieldErrors = {};
  const amount = cents(item.amount);
  if (amount <= 0n) errors.amount = [im.positive];
  else if (state.invoice) {
    const open = cents(state.invoice.totalAmtDue) - cents(state.invoice.paidByOthers);
    if (amount > open) errors.amount = [im.beyondOpen(`${decimalOf(open)} ${state.invoice.currency}`)];
  }
  if (Date.parse(item.paid_at) > state.nowMs) errors.paid_at = [im.future];
  return errors;
}

/** What an invoice's rules need besides the item. */
export interface InvoiceState {
  nowMs: number;
  /** How many days after today (UTC) its bill_date may be (INTEGRATION_INVOICE_DAYS_AHEAD). */
  daysAhead: number;
}

/**
 * An invoice is due on or after its bill date, billed at most `daysAhead` days after today (UTC), and its
 * total due is the sum of the charges the invoice page lists, to the cent.
 */
export function invoiceRules(item: InvoiceItem, state: InvoiceState): FieldErrors {
  const errors: FieldErrors = {};
  if (item.due_date < item.bill_date) errors.due_date = [im.dueBeforeBill];
  const today = Math.floor(state.nowMs / dayMs) * dayMs;
  if (Date.parse(`${item.bill_date}T00:00:00Z`) > today + state.daysAhead * dayMs)
    errors.bill_date = [im.billAhead(state.daysAhead)];
  const sum = invoices.invoiceCharges.reduce((total, { key }) => total + cents(item[key]), 0n);
  if (sum !== cents(item.total_amt_due)) errors.total_amt_due = [im.chargesTotal(decimalOf(sum))];
  return errors;
}
