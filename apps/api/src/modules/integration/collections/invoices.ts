import { createHash } from 'node:crypto';

import { integration, type FieldErrors, type InvoiceItem } from '@portal/contract';

import {
  deleteDocuments,
  deleteLinesOf,
  insertInvoices,
  insertLinesOf,
  invoiceReferencesOf,
  readInvoices,
  setDocuments,
  updateInvoices,
  type InvoiceRow,
  type LineRow,
} from './invoices.repository.ts';
import { invoiceRules } from './rules.ts';
import { messages, same, single, type SetOutcome, type UpsertContext, type UpsertSet } from './upsert.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { findInvoiceDocument } from './invoices.repository.ts';

/** What an item refers to, or why it cannot be applied. */
function checked(
  item: InvoiceItem,
  refs: Awaited<ReturnType<typeof invoiceReferencesOf>>,
  { nowMs, invoiceDaysAhead }: UpsertContext,
) {
  const account = refs.accounts.get(item.account_number);
  if (!account) return { errors: { account_number: [messages.account] } };
  const errors: FieldErrors = invoiceRules(item, { nowMs, daysAhead: invoiceDaysAhead });
  // Its amounts are in the account's currency: an invoice stating another is refused, never converted.
  if (item.currency && item.currency !== account.currency) {
    errors.currency = [integration.integrationMessages.accountCurrency(account.currency)];
  }
  const orderOf = (number: string) => {
    const order = refs.orders.get(number);
    return order && order.accountId === account.id ? order.baseOrderId : undefined;
  };
  item.lines.forEach((l, i) => {
    if (!refs.products.has(l.product_cd)) errors[`lines.${i}.product_cd`] = [messages.product];
    if (l.order_number && orderOf(l.order_number) === undefined) errors[`lines.${i}.order_number`] = [messages.order];
  });
  if (Object.keys(errors).length) return { errors };
  return { accountId: account.id, orderOf };
}

/**
 * invoices by invoice_number: amounts (in the account's currency), the lines (the list replaces them) and
 * optionally the provider's own PDF, kept as bytes with its SHA-256 (what the comparison looks at). Due
 * on or after its bill date, billed at most INTEGRATION_INVOICE_DAYS_AHEAD days ahead, its total the sum
 * of its charges (invoiceRules). Set-based: references and held invoices read once for all items, each table written once.
 */
export const upsertInvoices: UpsertSet<InvoiceItem> = async (db, items, ctx) => {
  const refs = await invoiceReferencesOf(
    db,
    [...new Set(items.map((i) => i.account_number))],
    [...new Set(items.flatMap((i) => i.lines.map((l) => l.product_cd)))],
    [...new Set(items.flatMap((i) => i.lines.flatMap((l) => (l.order_number ? [l.order_number] : []))))],
  );
  const held = new Map(
    (
      await readInvoices(
        db,
        items.map((i) => i.invoice_number),
      )
    ).map((h) => [h.invoice_number, h]),
  );
  const outcomes: SetOutcome[] = [];
  const fresh: InvoiceRow[] = [];
  const changed: (InvoiceRow & { cycleLogId: number })[] = [];
  const lines = new Map<string, LineRow[]>();
  const linesReplaced: number[] = [];
  const documents = new Map<string, { pdf: string; sha256: string }>();
  const documentsRemoved: number[] = [];
  for (const item of items) {
    const refsOk = checked(item, refs, ctx);
    if ('errors' in refsOk) {
      outcomes.push({ status: 'invalid', errors: refsOk.errors as FieldErrors });
      continue;
    }
    const pdfSha256 = item.pdf ? createHash('sha256').update(Buffer.from(item.pdf, 'base64')).digest('hex') : null;
    const { invoice_number: _, pdf: __, currency: ___, ...fields } = item;
    const wantedLines = item.lines.map((l) => ({
      ...l,
      order_number: l.order_number ?? null,
      description: l.description ?? null,
    }));
    const wanted = { ...fields, lines: wantedLines, pdf_sha256: pdfSha256 };
    const current = held.get(item.invoice_number);
    if (current) {
      const { cycle_log_id: ____, invoice_number: _____, ...stored } = current;
      if (same(stored, wanted)) {
        outcomes.push({ status: 'unchanged' });
        continue;
      }
    }
    const row: InvoiceRow = { ...item, accountId: refsOk.accountId };
    if (current) changed.push({ ...row, cycleLogId: current.cycle_log_id });
    else fresh.push(row);
    // A new invoice has no lines or document to replace; a held one only those that differ.
    if (!current || !same(current.lines, wantedLines)) {
      if (current) linesReplaced.push(current.cycle_log_id);
      lines.set(
        item.invoice_number,
        item.lines.map((l) => ({
          productCd: l.product_cd,
          baseOrderId: l.order_number ? (refsOk.orderOf(l.order_number) ?? null) : null,
          description: l.description ?? null,
          price: l.price,
        })),
      );
    }
    if (item.pdf && pdfSha256 && pdfSha256 !== current?.pdf_sha256)
      documents.set(item.invoice_number, { pdf: item.pdf, sha256: pdfSha256 });
    if (!item.pdf && current?.pdf_sha256) documentsRemoved.push(current.cycle_log_id);
    outcomes.push({ status: current ? 'updated' : 'created' });
  }
  const ids = new Map(changed.map((c) => [c.invoice_number, c.cycleLogId]));
  for (const created of await insertInvoices(db, fresh)) ids.set(created.invoice_number, created.cycle_log_id);
  await updateInvoices(db, changed);
  await deleteLinesOf(db, linesReplaced);
  await insertLinesOf(
    db,
    [...lines].flatMap(([number, ls]) => ls.map((l) => ({ ...l, cycleLogId: ids.get(number)! }))),
  );
  await deleteDocuments(db, documentsRemoved);
  await setDocuments(
    db,
    [...documents].map(([number, d]) => ({ ...d, cycleLogId: ids.get(number)! })),
  );
  return outcomes;
};

export const upsertInvoiceItem = single(upsertInvoices);
