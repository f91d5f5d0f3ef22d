import { integration, type PaymentItem } from '@portal/contract';

import { paymentReferences, readPayment, refreshAmountPaid, upsertPayment } from './payments.repository.ts';

/** An invoice's paid amount recomputed from its payments (the payments module's own payments too). */
export { refreshAmountPaid };
import { paymentRules } from './rules.ts';
import { messages, reject, same, type Upsert } from './upsert.ts';

/**
 * payments by payment_reference, in the account's currency; the invoice (optional) must be one of the same account's, and its
 * paid amount (so its status and the balance history) follows its payments. More than nothing, not in the future,
 * never beyond the invoice's open amount (paymentRules).
 */
export const upsertPaymentItem: Upsert<PaymentItem> = async (db, item, { nowMs }) => {
  const { accountId, currency, cycleLogId, invoice } = await paymentReferences(
    db,
    item.account_number,
    item.invoice_number ?? null,
    item.payment_reference,
  );
  if (!accountId) throw reject({ account_number: [messages.account] });
  // Its amount is in the account's currency: a payment stating another is refused, never converted.
  if (item.currency && item.currency !== currency) {
    throw reject({ currency: [integration.integrationMessages.accountCurrency(currency!)] });
  }
  if (item.invoice_number && !cycleLogId) throw reject({ invoice_number: [messages.invoice] });
  const broken = paymentRules(item, { nowMs, invoice });
  if (Object.keys(broken).length) throw reject(broken);
  const held = await readPayment(db, item.payment_reference);
  const { payment_reference: _, currency: ___, ...wanted } = item;
  if (held) {
    const { cycle_log_id: __, source, ...current } = held;
    // The portal's record of the same payment becomes billing's, even when billing states it the same way.
    if (source === 'billing' && same(current, { ...wanted, invoice_number: item.invoice_number ?? null }))
      return { status: 'unchanged' };
  }
  await upsertPayment(db, item, accountId, cycleLogId);
  // The invoice the payment leaves (if it moved) and the one it joins. Payments are never more than what an
  // invoice has open (paymentRules), so their sum always fits its column.
  await refreshAmountPaid(
    db,
    [held?.cycle_log_id, cycleLogId].filter((id): id is number => typeof id === 'number'),
  );
  return { status: held ? 'updated' : 'created' };
};
