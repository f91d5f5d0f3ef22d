import { invoices } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { findServiceLines, type ServiceLine, type ServiceLineKey } from './invoices.repository.ts';

/** Rows fetched per query: memory holds one batch at a time, however long the history is. */
export const csvBatchSize = 1000;

/**
 * One RFC 4180 field: quoted when it holds a comma, quote, CR or LF (quotes doubled). Text that a
 * spreadsheet would run as a formula (=, +, -, @ first, and not a number) gets a leading
 * apostrophe (OWASP CSV injection advice).
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export const csvRecord = (fields: readonly (string | number | null | undefined)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

const lineFields = (line: ServiceLine) => [
  line.invoice_number,
  line.bill_date,
  line.due_date,
  line.order_number,
  line.uss_circuit_id,
  line.customer_ref,
  line.product_cd,
  line.product,
  line.product_group,
  line.price,
];

/**
 * The services history of an account as CSV text chunks: the header, then one chunk per keyset
 * batch. Consumed through a stream, so the reply's back-pressure paces the queries.
 */
export async function* servicesCsv(db: Db, accountId: number, batchSize = csvBatchSize): AsyncGenerator<string> {
  yield csvRecord(invoices.servicesCsvColumns);
  let after: ServiceLineKey | null = null;
  for (;;) {
    const lines = await findServiceLines(db, accountId, after, batchSize);
    if (lines.length > 0) yield lines.map((line) => csvRecord(lineFields(line))).join('');
    if (lines.length < batchSize) return;
    const last = lines[lines.length - 1] as ServiceLine;
    after = { bill_date: last.bill_date, cycle_log_id: last.cycle_log_id, invoice_product_id: last.invoice_product_id };
  }
}
