import { Readable } from 'node:stream';

import type { FastifyReply } from 'fastify';

import { attachment } from './attachment.ts';

/** The one CSV writer of the portal: every download builds its records here (docs/decisions/057-csv-formula-neutralising.md). */
export type CsvValue = string | number | null | undefined;

/** A spreadsheet runs a cell starting with one of these as a formula (OWASP, CSV injection). */
const formulaStart = /^[=+\-@\t\r]/;
/** Text that is only a decimal number ("-12.50"): nothing in it can run, and a spreadsheet reads the number. */
const plainNumber = /^[+-]?\d+(\.\d+)?$/;

/**
 * One RFC 4180 field. A finite number is written as it is. Text starting with =, +, -, @, tab or CR
 * gets a leading apostrophe, so a spreadsheet shows it instead of running it, unless it is a plain
 * decimal number. A field holding a comma, quote, CR or LF is quoted (quotes doubled).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  let text = String(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export const csvRecord = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Sends CSV text (records made by `csvRecord`, one chunk or many) as a download named `fileName`.
 * Chunks are streamed, so a long file holds one chunk in memory at a time.
 */
export const sendCsv = (reply: FastifyReply, fileName: string, chunks: Iterable<string> | AsyncIterable<string>) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(fileName))
    .send(Readable.from(chunks));
