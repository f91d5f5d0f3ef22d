import { invoices } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { csvRecord } from '../../lib/csv.ts';
import { findInvoiceHeads, findServiceLines, type InvoiceHead, type ServiceLine } from './invoices.repository.ts';

/** Rows fetched per query: memory holds one batch at a time, however long the history is. */
export const csvBatchSize = 1000;

const lineFields = (invoice: InvoiceHead, line: ServiceLine) => [
  invoice.invoice_number,
  invoice.bill_date,
  invoice.due_date,
  line.order_number,
  line.uss_circuit_id,
  line.customer_ref,
  line.product_cd,
  line.product,
  line.product_group,
  line.price,
  // The price is a plain decimal a spreadsheet reads; its currency (the account's) beside it.
  invoice.currency,
];

/**
 * The services history of an account as CSV text chunks: the header, then one chunk per batch of
 * at most `batchSize` lines, invoice by invoice (newest bill first), each invoice's lines in key
 * order. Consumed through a stream, so the reply's back-pressure paces the queries and memory holds
 * one batch at a time.
 */
export async function* servicesCsv(db: Db, accountId: number, batchSize = csvBatchSize): AsyncGenerator<string> {
  yield csvRecord(invoices.servicesCsvColumns);
  for (const invoice of await findInvoiceHeads(db, accountId)) {
    let afterId = 0;
    for (;;) {
      const lines = await findServiceLines(db, invoice.cycle_log_id, afterId, batchSize);
      if (lines.length > 0) yield lines.map((line) => csvRecord(lineFields(invoice, line))).join('');
      if (lines.length < batchSize) break;
      afterId = (lines[lines.length - 1] as ServiceLine).invoice_product_id;
    }
  }
}
