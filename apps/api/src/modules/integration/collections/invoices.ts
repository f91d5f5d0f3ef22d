import { createHash } from 'node:crypto';

import { integration, type FieldErrors, type InvoiceItem } from '@portal/contract';

import {
  deleteLines,
  insertLines,
  invoiceReferences,
  readInvoice,
  setDocument,
  upsertInvoice,
} from './invoices.repository.ts';
import { invoiceRules } from './rules.ts';
import { messages, reject, same, type Upsert } from './upsert.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { findInvoiceDocument } from './invoices.repository.ts';

/**
 * invoices by invoice_number: amounts (in the account's currency), the lines (the list replaces them) and optionally the provider's
 * own PDF, kept as bytes with its SHA-256 (what the comparison looks at). Due on or after its bill date, billed at
 * most INTEGRATION_INVOICE_DAYS_AHEAD days ahead, its total the sum of its charges (invoiceRules).
 */
export const upsertInvoiceItem: Upsert<InvoiceItem> = async (db, item, { nowMs, invoiceDaysAhead }) => {
  const orderNumbers = item.lines.flatMap((l) => (l.order_number ? [l.order_number] : []));
  const refs = await invoiceReferences(
    db,
    item.account_number,
    [...new Set(item.lines.map((l) => l.product_cd))],
    [...new Set(orderNumbers)],
  );
  if (!refs) throw reject({ account_number: [messages.account] });
  const { accountId, products } = refs;
  const orders = new Map(refs.orders.map((o) => [o.order_number, o.base_order_id]));
  const errors: FieldErrors = invoiceRules(item, { nowMs, daysAhead: invoiceDaysAhead });
  // Its amounts are in the account's currency: an invoice stating another is refused, never converted.
  if (item.currency && item.currency !== refs.currency) {
    errors.currency = [integration.integrationMessages.accountCurrency(refs.currency)];
  }
  item.lines.forEach((l, i) => {
    if (!products.has(l.product_cd)) errors[`lines.${i}.product_cd`] = [messages.product];
    if (l.order_number && !orders.has(l.order_number)) errors[`lines.${i}.order_number`] = [messages.order];
  });
  if (Object.keys(errors).length) throw reject(errors);

  const pdf = item.pdf ? Buffer.from(item.pdf, 'base64') : null;
  const pdfSha256 = pdf ? createHash('sha256').update(pdf).digest('hex') : null;
  const { invoice_number: _, pdf: __, currency: ____, ...fields } = item;
  const wanted = {
    ...fields,
    lines: item.lines.map((l) => ({ ...l, order_number: l.order_number ?? null, description: l.description ?? null })),
    pdf_sha256: pdfSha256,
  };
  const held = await readInvoice(db, item.invoice_number);
  if (held) {
    const { cycle_log_id: ___, ...current } = held;
    if (same(current, wanted)) return { status: 'unchanged' };
  }
  const cycleLogId = await upsertInvoice(db, item, accountId);
  // A new invoice has no lines or document to replace.
  if (held) await deleteLines(db, cycleLogId);
  await insertLines(
    db,
    cycleLogId,
    item.lines.map((l) => ({
      productCd: l.product_cd,
      baseOrderId: l.order_number ? orders.get(l.order_number)! : null,
      description: l.description ?? null,
      price: l.price,
    })),
  );
  if (held || pdf) await setDocument(db, cycleLogId, pdf, pdfSha256);
  return { status: held ? 'updated' : 'created' };
};
