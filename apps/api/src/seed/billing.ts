import type { AccountPlan, BillingProfile, OrderRecord, SeedContext } from './context.ts';
import { productByCode } from './catalog.ts';
import { pad } from './names.ts';
import { rng } from './random.ts';
import type { Random } from './random.ts';
import { markNotDownloadable } from './seed.repository.ts';
import { HOUR, addDays, earlier, isoDate, monthStart } from './time.ts';

/**
 * Monthly invoices (13 per account; the demo customer's main account has five years of them), billed
 * on the 1st, due 30 days later (so the newest is not yet due), through the invoices feed; an invoice
 * bills the services running on its bill date. The payments received against them come through the
 * payments feed: an invoice's paid amount, its status and the balance history all derive from them.
 * All money is worked out in integer cents, so the columns add up exactly:
 *   total_amt_due = monthly_charges + late_payment_charges + adjustments + taxes_fees_other
 *                   + governmental_charges + balance_forward
 *   monthly_charges = sum of the invoice's lines (one line per product on the account)
 * What is still owed on an invoice is total_amt_due - amount_paid. balance_forward only ever carries an
 * overpayment credit (the earlier invoice then counts as paid in full), so nothing is counted twice.
 */

/** Monthly invoices of an account, unless its plan says otherwise (AccountPlan.invoiceMonths). */
export const INVOICE_MONTHS = 13;

const money = (cents: number): string => (cents / 100).toFixed(2);

/** Share of an invoice paid, by the account's profile and the invoice's age in months (0 = newest). */
function paidShare(profile: BillingProfile, back: number, random: Random): number {
  if (back === 0) return 0; // billed this month, not yet due
  switch (profile) {
    case 'aging': // the demo customer: something in each bucket 0-30, 30-60, 60-90 and 90+
      return back === 1 ? 0.6 : back === 2 ? 0 : back === 4 ? 0.5 : 1;
    case 'old-debt':
      return back === 3 || back === 5 ? 0 : 1;
    case 'recent-unpaid':
      return 1;
    case 'normal':
      return back === 1 && random.chance(0.1) ? random.between(0.4, 0.8) : 1;
  }
}

/** Invoice lines: one per product on the account, usage-billed products moving month to month. */
function invoiceLines(orders: readonly OrderRecord[], bill: Date, back: number, random: Random): Map<string, number> {
  const lines = new Map<string, number>();
  for (const o of orders) {
    if (o.status === 'P' || o.billedFrom.getTime() > bill.getTime()) continue;
    if (o.status === 'D' && back < 4) continue; // disconnected a few months ago
    const usage = productByCode(o.product_cd).usage;
    const cents = usage ? Math.round(o.mrcCents * random.between(0.82, 1.18)) : o.mrcCents;
    lines.set(o.product_cd, (lines.get(o.product_cd) ?? 0) + cents);
  }
  return lines;
}

export async function addInvoices(ctx: SeedContext, plan: AccountPlan, orders: readonly OrderRecord[]): Promise<void> {
  const random = rng(`billing:${plan.account_number}`);
  // Its own stream, so when payments arrive does not change what was billed.
  const paying = rng(`payments:${plan.account_number}`);
  const owed: Array<{ due: Date; cents: number }> = [];
  for (let back = plan.invoiceMonths - 1; back >= 0; back--) {
    const bill = monthStart(ctx.now, back);
    const due = addDays(bill, 30);
    const lines = invoiceLines(orders, bill, back, random);
    const monthly = [...lines.values()].reduce((a, b) => a + b, 0);
    const overdue = owed.filter((o) => o.due.getTime() < bill.getTime()).reduce((a, o) => a + o.cents, 0);
    const late = Math.round(overdue * 0.015);
    const adjustments = random.chance(0.08) ? -Math.round(monthly * random.between(0.03, 0.12)) : 0; // SLA credits
    const taxes = Math.round(monthly * random.between(0.055, 0.085));
    const governmental = Math.round(monthly * random.between(0.015, 0.03));
    const forward = random.chance(0.04) ? -random.int(500, 6000) : 0; // overpayment carried as a credit
    const total = Math.max(0, monthly + late + adjustments + taxes + governmental + forward);
    const paid = Math.round(total * paidShare(plan.billing, back, random));
    if (total > paid) owed.push({ due, cents: total - paid });

    const invoice_number = `INV-${bill.getUTCFullYear()}-${pad(ctx.ids.next('invoices'), 6)}`;
    await ctx.feed.send(
      'invoices',
      {
        invoice_number,
        account_number: plan.account_number,
        bill_date: isoDate(bill),
        due_date: isoDate(due),
        monthly_charges: money(monthly),
        late_payment_charges: money(late),
        adjustments: money(adjustments),
        taxes_fees_other: money(taxes),
        governmental_charges: money(governmental),
        balance_forward: money(total - monthly - late - adjustments - taxes - governmental),
        total_amt_due: money(total),
        lines: [...lines].map(([product_cd, cents]) => ({ product_cd, price: money(cents) })),
      },
      +bill,
    );
    // The demo customer's oldest invoice has no PDF, to show the portal's handling of that. The invoice
    // item cannot say so yet (decision 076), so this one flag is written directly.
    if (plan.billing === 'aging' && back === plan.invoiceMonths - 1)
      await ctx.feed.after((db) => markNotDownloadable(db, invoice_number));
    if (paid > 0) {
      // Paid within the month after billing, never in the future.
      const paidAt = earlier(addDays(bill, paying.between(6, 27)), new Date(ctx.now.getTime() - HOUR));
      await ctx.feed.send(
        'payments',
        {
          payment_reference: `PAY-${invoice_number.slice('INV-'.length)}`,
          account_number: plan.account_number,
          paid_at: paidAt.toISOString(),
          amount: money(paid),
          invoice_number,
        },
        +paidAt,
      );
    }
  }
}
