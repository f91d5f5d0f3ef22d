/**
 * The one CSV writer of the portal, for the API's downloads and the app's chart files alike
 * (docs/decisions/057-csv-formula-neutralising.md, 126-web-feature-shape.md).
 */
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
 * A chart's rows as CSV, the same for every chart whoever builds it: a header of `Time (UTC)` and each
 * series' name with its raw unit (`In bits (bits/s)`, `Used (bytes)`), then one record a time, in
 * ISO 8601 (UTC), with each series' value in that raw unit.
 */
export function chartCsv(
  chart: { names: readonly string[]; rows: readonly (readonly [number, ...CsvValue[]])[] },
  rawUnit: string | null,
): string {
  const header = ['Time (UTC)', ...chart.names.map((n) => (rawUnit ? `${n} (${rawUnit})` : n))];
  return [
    csvRecord(header),
    ...chart.rows.map(([time, ...values]) => csvRecord([new Date(time * 1000).toISOString(), ...values])),
  ].join('');
}
