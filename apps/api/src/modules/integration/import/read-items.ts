import { createReadStream, type ReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

import { csvRecords } from './csv-records.ts';

/** One item read from a file, or why its line could not be read. */
export type ReadItem = { line: number; item: unknown } | { line: number; error: string };

/** A CSV cell as a value: JSON lists and objects (nested fields), true/false, else the text; empty is absent. */
function cellValue(cell: string): unknown {
  const text = cell.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.startsWith('[') || text.startsWith('{')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return cell;
    }
  }
  return cell;
}

async function* fromCsv(input: ReadStream): AsyncGenerator<ReadItem> {
  let header: string[] | null = null;
  for await (const { line, fields } of csvRecords(input)) {
    if (!header) {
      header = fields.map((f) => f.trim().replace(/^\uFEFF/, ''));
      continue;
    }
    const item: Record<string, unknown> = {};
    header.forEach((name, i) => {
      const cell = fields[i] ?? '';
      if (name && cell.trim() !== '') item[name] = cellValue(cell);
    });
    yield { line, item };
  }
}

async function* fromNdjson(input: ReadStream): AsyncGenerator<ReadItem> {
  let line = 0;
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const text of lines) {
    line += 1;
    if (text.trim() === '') continue;
    try {
      yield { line, item: JSON.parse(text) as unknown };
    } catch {
      yield { line, error: 'This line is not valid JSON.' };
    }
  }
}

/**
 * The items of a CSV (header row of field names) or NDJSON (one item a line) file, streamed, and how
 * many bytes of the file have been read so far (for a progress bar).
 */
export function readItems(file: string): { items: AsyncGenerator<ReadItem>; bytesRead: () => number } {
  const input = createReadStream(file, { encoding: 'utf8' });
  return {
    items: /\.csv$/i.test(file) ? fromCsv(input) : fromNdjson(input),
    bytesRead: () => input.bytesRead,
  };
}
