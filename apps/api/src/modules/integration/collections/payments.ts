import type { PaymentItem } from '@portal/contract';

import { accountIdOf } from './orders.repository.ts';
import {
  invoiceOfAccount,
  paymentInvoiceId,
  readPayment,
  refreshAmountPaid,
  upsertPayment,
} from './payments.repository.ts';
import { messages, reject, same, type Upsert } from './upsert.ts';

/**
 * payments by payment_reference; the invoice (optional) must be one of the same account's, and its
 * paid amount (so its status and the balance history) follows its payments.
 */
export const upsertPaymentItem: Upsert<PaymentItem> = async (db, item) => {
  const accountId = await accountIdOf(db, item.account_number);
  if (!accountId) throw reject({ account_number: [messages.account] });
  const cycleLogId = item.invoice_number ? await invoiceOfAccount(db, accountId, item.invoice_number) : null;
  if (item.invoice_number && !cycleLogId) throw reject({ invoice_number: [messages.invoice] });
  const held = await readPayment(db, item.payment_reference);
  const { payment_reference: _, ...wanted } = item;
  if (held && same(held, { ...wanted, invoice_number: item.invoice_number ?? null })) return { status: 'unchanged' };
  const before = await paymentInvoiceId(db, item.payment_reference);
  await upsertPayment(db, item, accountId, cycleLogId ?? null);
  await refreshAmountPaid(
    db,
    [before, cycleLogId].filter((id): id is number => typeof id === 'number'),
  );
  return { status: held ? 'updated' : 'created' };
};
