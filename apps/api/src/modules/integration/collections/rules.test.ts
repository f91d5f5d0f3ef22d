import { integration, type InvoiceItem, type PaymentItem } from '@portal/contract';
import { describe, expect, it } from 'vitest';

import { cents, decimalOf, invoiceRules, paymentRules } from './rules.ts';

const im = integration.integrationMessages;
/** 2026-11-28 21:00 UTC. */
const nowMs = Date.parse('2026-11-28T21:00:00Z');

const payment = (change: Partial<PaymentItem>): PaymentItem => ({
  payment_reference: 'PAY-1',
  account_number: '1',
  paid_at: '2026-11-28T20:00:00.000Z',
  amount: '40.00',
  ...change,
});
const invoice = { totalAmtDue: '100.00', paidByOthers: '60.00', currency: 'EUR' };

describe('cents', () => {
  it('reads a canonical decimal exactly, sign and all, and writes it back', () => {
    expect(cents('0.00')).toBe(0n);
    expect(cents('-12.05')).toBe(-1205n);
    expect(cents('999999999999.99')).toBe(99999999999999n);
    expect(decimalOf(-1205n)).toBe('-12.05');
    expect(decimalOf(7n)).toBe('0.07');
    expect(decimalOf(99999999999999n)).toBe('999999999999.99');
  });
});

describe('paymentRules', () => {
  it('accepts a payment up to the cent of what the invoice has open, and a credit of any size', () => {
    expect(paymentRules(payment({}), { nowMs, invoice })).toEqual({});
    expect(paymentRules(payment({ amount: '5000.00' }), { nowMs, invoice: null })).toEqual({});
  });

  it('refuses zero or less', () => {
    expect(paymentRules(payment({ amount: '0.00' }), { nowMs, invoice: null })).toEqual({ amount: [im.positive] });
    expect(paymentRules(payment({ amount: '-0.01' }), { nowMs, invoice })).toEqual({ amount: [im.positive] });
  });

  it('refuses one cent beyond the open amount, naming it in the currency', () => {
    expect(paymentRules(payment({ amount: '40.01' }), { nowMs, invoice })).toEqual({
      amount: [
        "This payment is more than the invoice's open amount (40.00 EUR): send the surplus without invoice_number, as a credit.",
      ],
    });
    // An invoice paid in full (or a credit invoice) has nothing open.
    const paid = { ...invoice, paidByOthers: '100.00' };
    expect(paymentRules(payment({ amount: '0.01' }), { nowMs, invoice: paid }).amount).toEqual([
      im.beyondOpen('0.00 EUR'),
    ]);
  });

  it('refuses a payment made after now, not one made at now', () => {
    expect(paymentRules(payment({ paid_at: new Date(nowMs).toISOString() }), { nowMs, invoice })).toEqual({});
    expect(paymentRules(payment({ paid_at: new Date(nowMs + 1).toISOString() }), { nowMs, invoice })).toEqual({
      paid_at: ['This value should not be in the future.'],
    });
  });
});

const bill = (change: Partial<InvoiceItem>): InvoiceItem => ({
  invoice_number: 'INV-1',
  account_number: '1',
  bill_date: '2026-11-01',
  due_date: '2026-12-01',
  monthly_charges: '100.10',
  late_payment_charges: '0.00',
  adjustments: '-0.10',
  taxes_fees_other: '20.02',
  governmental_charges: '0.00',
  balance_forward: '0.00',
  total_amt_due: '120.02',
  lines: [],
  ...change,
});
const state = { nowMs, daysAhead: 45 };

describe('invoiceRules', () => {
  it('accepts an invoice whose charges add up to its total, due on its bill date at the earliest', () => {
    expect(invoiceRules(bill({}), state)).toEqual({});
    expect(invoiceRules(bill({ due_date: '2026-11-01' }), state)).toEqual({});
  });

  it('refuses a due date before the bill date', () => {
    expect(invoiceRules(bill({ due_date: '2026-10-31' }), state)).toEqual({
      due_date: ['This value should be on or after bill_date.'],
    });
  });

  it('refuses a bill date more than daysAhead days after today (UTC), not one on the last day', () => {
    // 2026-11-28 + 45 days = 2027-01-12.
    expect(invoiceRules(bill({ bill_date: '2027-01-12', due_date: '2027-02-12' }), state)).toEqual({});
    expect(invoiceRules(bill({ bill_date: '2027-01-13', due_date: '2027-02-12' }), state)).toEqual({
      bill_date: ['This value should be at most 45 days after today.'],
    });
    expect(invoiceRules(bill({ bill_date: '2026-11-29' }), { nowMs, daysAhead: 0 }).bill_date).toEqual([
      im.billAhead(0),
    ]);
  });

  it('refuses a total due one cent off the sum of the charges, naming the fields and the sum', () => {
    expect(invoiceRules(bill({ total_amt_due: '120.03' }), state)).toEqual({
      total_amt_due: [
        'This value should be the sum of monthly_charges, late_payment_charges, adjustments, taxes_fees_other, governmental_charges and balance_forward (120.02).',
      ],
    });
    expect(
      invoiceRules(bill({ monthly_charges: '0.00', adjustments: '-50.00', total_amt_due: '0.00' }), state),
    ).toEqual({
      total_amt_due: [im.chargesTotal('-29.98')],
    });
  });
});
