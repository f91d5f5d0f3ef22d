import { describe, expect, it } from 'vitest';

import { csvRecords } from './csv-records.ts';

async function read(...chunks: string[]) {
  const records = [];
  for await (const r of csvRecords(
    (async function* () {
      yield* chunks;
    })(),
  ))
    records.push(r);
  return records;
}

describe('csvRecords', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, with the line each record starts on', async () => {
    expect(await read('a,b,c\r\n1,"x, ""y""",3\n"multi\nline",,\n\nlast,row,')).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, "y"', '3'] },
      { line: 3, fields: ['multi\nline', '', ''] },
      { line: 6, fields: ['last', 'row', ''] },
    ]);
  });

  it('gives the same records whatever the chunk boundaries', async () => {
    const text = 'k,v\n"a""b",2\n"c\nd","e"\n';
    const whole = await read(text);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(await read(text.slice(0, cut), text.slice(cut))).toEqual(whole);
    }
  });
});
