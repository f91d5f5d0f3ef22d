import { integration, type PaymentItem } from '@portal/contract';

import { paymentReferences, readPayment, refreshAmountPaid, upsertPayment } from './payments.repository.ts';
import { messages, reject, same, type Upsert } from './upsert.ts';

/** SQLSTATE numeric_value_out_of_range. */
const numericOverflow = '22003';
const { paymentsTotal } = integration.integrationMessages;

/**
 * payments by payment_reference, in the account's currency; the invoice (optional) must be one of the same account's, and its
 * paid amount (so its status and the balance history) follows its payments.
 */
export const upsertPaymentItem: Upsert<PaymentItem> = async (db, item) => {
  const { accountId, currency, cycleLogId } = await paymentReferences(
    db,
    item.account_number,
    item.invoice_number ?? null,
  );
  if (!accountId) throw reject({ account_number: [messages.account] });
  // Its amount is in the account's currency: a payment stating another is refused, never converted.
  if (item.currency && item.currency !== currency) {
    throw reject({ currency: [integration.integrationMessages.accountCurrency(currency!)] });
  }
  if (item.invoice_number && !cycleLogId) throw reject({ invoice_number: [messages.invoice] });
  const held = await readPayment(db, item.payment_reference);
  const { payment_reference: _, currency: ___, ...wanted } = item;
  if (held) {
    const { cycle_log_id: __, source, ...current } = held;
    // The portal's record of the same payment becomes billing's, even when billing states it the same way.
    if (source === 'billing' && same(current, { ...wanted, invoice_number: item.invoice_number ?? null }))
      return { status: 'unchanged' };
  }
  await upsertPayment(db, item, accountId, cycleLogId);
  // The invoice the payment leaves (if it moved) and the one it joins. Their sum is checked by the
  // database (numeric(14,2)): a sum it cannot hold refuses this payment.
  await refreshAmountPaid(
    db,
    [held?.cycle_log_id, cycleLogId].filter((id): id is number => typeof id === 'number'),
  ).catch((error: unknown) => {
    throw (error as { code?: unknown }).code === numericOverflow ? reject({ amount: [paymentsTotal] }) : error;
  });
  return { status: held ? 'updated' : 'created' };
};
