/**
 * A streaming CSV reader (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks).
 * It holds one record in memory at a time and reports the line each record starts on.
 */
export async function* csvRecords(chunks: AsyncIterable<string>): AsyncGenerator<{ line: number; fields: string[] }> {
  let fields: string[] = [];
  let field = '';
  let inQuotes = false;
  /** A quote seen inside quotes: either the first of a doubled quote or the closing one. */
  let quoteSeen = false;
  let started = false;
  let line = 1;
  let start = 1;
  const take = () => {
    const record = { line: start, fields: [...fields, field.replace(/\r$/, '')] };
    fields = [];
    field = '';
    started = false;
    return record;
  };
  for await (const chunk of chunks) {
    for (const c of chunk) {
      if (quoteSeen) {
        quoteSeen = false;
        if (c === '"') {
          field += '"';
          continue;
        }
        inQuotes = false;
      }
      if (inQuotes) {
        if (c === '"') quoteSeen = true;
        else {
          if (c === '\n') line += 1;
          field += c;
        }
      } else if (c === '"' && field === '') {
        inQuotes = true;
        started = true;
      } else if (c === ',') {
        fields.push(field);
        field = '';
        started = true;
      } else if (c === '\n') {
        if (started || field !== '') yield take();
        line += 1;
        start = line;
      } else {
        field += c;
        started = true;
      }
    }
  }
  if (started || field !== '' || fields.length > 0) yield take();
}
