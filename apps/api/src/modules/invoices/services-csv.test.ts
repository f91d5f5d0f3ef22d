import { describe, expect, it } from 'vitest';

import { csvField, csvRecord } from './services-csv.ts';

describe('csvField (RFC 4180)', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvField('INV-2026-000001')).toBe('INV-2026-000001');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(42)).toBe('42');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('15" rack')).toBe('"15"" rack"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('line\nfeed')).toBe('"line\nfeed"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-cmd')).toBe("'-cmd");
  });

  it('ends every record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});
