import { integration, type PaymentItem } from '@portal/contract';

import {
  insertPayments,
  paidSums,
  paymentReferencesOf,
  readPayments,
  refreshAmountPaid,
  updatePayments,
  type PaymentRow,
} from './payments.repository.ts';

/** An invoice's paid amount recomputed from its payments (the payments module's own payments too). */
export { refreshAmountPaid };
import { cents, decimalOf, paymentRules } from './rules.ts';
import { messages, same, single, type SetOutcome, type UpsertSet } from './upsert.ts';

/**
 * payments by payment_reference, in the account's currency; the invoice (optional) must be one of the same
 * account's, and its paid amount (so its status and the balance history) follows its payments. More than
 * nothing, not in the future, never beyond the invoice's open amount (paymentRules). Set-based: references,
 * held payments and the invoices' paid sums read once; the sums followed in the process item after item,
 * so each item sees what the items before it paid, as it would applied on its own.
 */
export const upsertPayments: UpsertSet<PaymentItem> = async (db, items, { nowMs }) => {
  const refs = await paymentReferencesOf(
    db,
    [...new Set(items.map((i) => i.account_number))],
    [...new Set(items.flatMap((i) => (i.invoice_number ? [i.invoice_number] : [])))],
  );
  const held = new Map(
    (
      await readPayments(
        db,
        items.map((i) => i.payment_reference),
      )
    ).map((h) => [h.payment_reference, h]),
  );
  const invoiceIds = new Set<number>();
  for (const { cycleLogId } of refs.invoices.values()) invoiceIds.add(cycleLogId);
  for (const h of held.values()) if (h.cycle_log_id !== null) invoiceIds.add(h.cycle_log_id);
  const sums = await paidSums(db, [...invoiceIds]);
  const paid = (id: number) => sums.get(id) ?? 0n;
  const outcomes: SetOutcome[] = [];
  const fresh: PaymentRow[] = [];
  const changed: PaymentRow[] = [];
  const touched = new Set<number>();
  for (const item of items) {
    const account = refs.accounts.get(item.account_number);
    if (!account) {
      outcomes.push({ status: 'invalid', errors: { account_number: [messages.account] } });
      continue;
    }
    // Its amount is in the account's currency: a payment stating another is refused, never converted.
    if (item.currency && item.currency !== account.currency) {
      outcomes.push({
        status: 'invalid',
        errors: { currency: [integration.integrationMessages.accountCurrency(account.currency)] },
      });
      continue;
    }
    const invoice = item.invoice_number ? refs.invoices.get(`${account.id}\u0000${item.invoice_number}`) : undefined;
    if (item.invoice_number && !invoice) {
      outcomes.push({ status: 'invalid', errors: { invoice_number: [messages.invoice] } });
      continue;
    }
    const cycleLogId = invoice?.cycleLogId ?? null;
    const current = held.get(item.payment_reference);
    const broken = paymentRules(item, {
      nowMs,
      invoice: invoice
        ? {
            totalAmtDue: invoice.totalAmtDue,
            // What the invoice's other payments paid: all but this one (as the items before it left them).
            paidByOthers: decimalOf(
              paid(invoice.cycleLogId) - (current?.cycle_log_id === invoice.cycleLogId ? cents(current.amount) : 0n),
            ),
            currency: account.currency,
          }
        : null,
    });
    if (Object.keys(broken).length) {
      outcomes.push({ status: 'invalid', errors: broken });
      continue;
    }
    const { payment_reference: _, currency: __, ...wanted } = item;
    if (current) {
      const { cycle_log_id: ___, payment_reference: ____, source, ...stored } = current;
      // The portal's record of the same payment becomes billing's, even when billing states it the same way.
      if (source === 'billing' && same(stored, { ...wanted, invoice_number: item.invoice_number ?? null })) {
        outcomes.push({ status: 'unchanged' });
        continue;
      }
    }
    // The invoice the payment leaves (if it moved) and the one it joins: their sums as the next items see
    // them. Payments are never more than what an invoice has open, so their sum always fits its column.
    if (current?.cycle_log_id != null) {
      sums.set(current.cycle_log_id, paid(current.cycle_log_id) - cents(current.amount));
      touched.add(current.cycle_log_id);
    }
    if (cycleLogId !== null) {
      sums.set(cycleLogId, paid(cycleLogId) + cents(item.amount));
      touched.add(cycleLogId);
    }
    (current ? changed : fresh).push({ ...item, accountId: account.id, cycleLogId });
    outcomes.push({ status: current ? 'updated' : 'created' });
  }
  await insertPayments(db, fresh);
  await updatePayments(db, changed);
  await refreshAmountPaid(db, [...touched]);
  return outcomes;
};

export const upsertPaymentItem = single(upsertPayments);
