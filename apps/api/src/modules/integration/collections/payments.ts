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
import { hundredths, messages, same, single, type SetOutcome, type UpsertSet } from './upsert.ts';

const { paymentsTotal } = integration.integrationMessages;
/** The largest paid amount an invoice holds (invoices.amount_paid, numeric(14,2)), in hundredths. */
const largestPaid = 10n ** 14n - 1n;

/**
 * payments by payment_reference, in the account's currency; the invoice (optional) must be one of the same
 * account's, and its paid amount (so its status and the balance history) follows its payments: a payment
 * that would take an invoice's sum past what its column holds is refused. Set-based: references, held
 * payments and the invoices' sums read once, the sums followed in the process item after item.
 */
export const upsertPayments: UpsertSet<PaymentItem> = async (db, items) => {
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
  for (const id of refs.invoices.values()) invoiceIds.add(id);
  for (const h of held.values()) if (h.cycle_log_id !== null) invoiceIds.add(h.cycle_log_id);
  const sums = await paidSums(db, [...invoiceIds]);
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
    const cycleLogId = item.invoice_number ? refs.invoices.get(`${account.id}\u0000${item.invoice_number}`) : null;
    if (item.invoice_number && cycleLogId === undefined) {
      outcomes.push({ status: 'invalid', errors: { invoice_number: [messages.invoice] } });
      continue;
    }
    const current = held.get(item.payment_reference);
    const { payment_reference: _, currency: __, ...wanted } = item;
    if (current) {
      const { cycle_log_id: ___, payment_reference: ____, ...stored } = current;
      if (same(stored, { ...wanted, invoice_number: item.invoice_number ?? null })) {
        outcomes.push({ status: 'unchanged' });
        continue;
      }
    }
    // The invoice the payment leaves (if it moved) and the one it joins, their sums as they would be.
    const after = new Map<number, bigint>();
    if (current?.cycle_log_id != null)
      after.set(current.cycle_log_id, (sums.get(current.cycle_log_id) ?? 0n) - hundredths(current.amount));
    if (cycleLogId != null)
      after.set(cycleLogId, (after.get(cycleLogId) ?? sums.get(cycleLogId) ?? 0n) + hundredths(item.amount));
    if ([...after.values()].some((sum) => sum > largestPaid || sum < -largestPaid)) {
      outcomes.push({ status: 'invalid', errors: { amount: [paymentsTotal] } });
      continue;
    }
    for (const [id, sum] of after) {
      sums.set(id, sum);
      touched.add(id);
    }
    const row = { ...item, accountId: account.id, cycleLogId: cycleLogId ?? null };
    (current ? changed : fresh).push(row);
    outcomes.push({ status: current ? 'updated' : 'created' });
  }
  await insertPayments(db, fresh);
  await updatePayments(db, changed);
  await refreshAmountPaid(db, [...touched]);
  return outcomes;
};

export const upsertPaymentItem = single(upsertPayments);
