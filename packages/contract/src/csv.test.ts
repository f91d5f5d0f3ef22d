import { describe, expect, it } from 'vitest';

import { chartCsv, csvCell, csvRecord } from './csv.ts';

describe('csvCell (RFC 4180)', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('INV-2026-000001')).toBe('INV-2026-000001');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvCell('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvCell('15" rack')).toBe('"15"" rack"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell('line\nfeed')).toBe('"line\nfeed"');
  });

  it('prefixes an apostrophe to text starting with =, +, -, @, tab or CR', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('-cmd')).toBe("'-cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('-1e5')).toBe("'-1e5");
  });

  it('only at the start: the same characters inside text change nothing', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('ge-0/0/1')).toBe('ge-0/0/1');
    expect(csvCell('user@example.test')).toBe('user@example.test');
  });

  it('keeps numbers numbers: negative numbers and text that is only a decimal number', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(-0.0001)).toBe('-0.0001');
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('+7')).toBe('+7');
  });

  it('writes a number that is not finite as text, neutralised', () => {
    expect(csvCell(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
    expect(csvCell(Number.NaN)).toBe('NaN');
  });

  it('ends every record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null, -1])).toBe('a,"b,c",,-1\r\n');
    expect(csvRecord([])).toBe('\r\n');
  });
});

describe('chartCsv', () => {
  it('heads every chart file alike: Time (UTC), then each series with its raw unit; times in ISO 8601', () => {
    const csv = chartCsv(
      {
        names: ['In bits', 'Out bits'],
        rows: [
          [86_400, 1000, null],
          [172_800, 2.5, 3],
        ],
      },
      'bits/s',
    );
    expect(csv).toBe(
      'Time (UTC),In bits (bits/s),Out bits (bits/s)\r\n' +
        '1970-01-02T00:00:00.000Z,1000,\r\n' +
        '1970-01-03T00:00:00.000Z,2.5,3\r\n',
    );
  });

  it('leaves the unit out of a count and neutralises a formula-like series name', () => {
    expect(chartCsv({ names: ['VMs', '=SUM(A1)'], rows: [[0, 4, 1]] }, null)).toBe(
      "Time (UTC),VMs,'=SUM(A1)\r\n1970-01-01T00:00:00.000Z,4,1\r\n",
    );
  });
});
