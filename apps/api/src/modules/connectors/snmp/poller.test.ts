import { describe, expect, it } from 'vitest';

import { counterColumns, counterValue } from './poller.ts';

describe('SNMP counter values', () => {
  it('reads Counter32 numbers and big-endian Counter64 bytes', () => {
    expect(counterValue(4_294_967_295)).toBe(4_294_967_295);
    expect(counterValue(Buffer.from([0x01, 0x00, 0x00, 0x00, 0x00]))).toBe(2 ** 32);
    expect(counterValue(Buffer.from([0x00, 0x1f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]))).toBe(2 ** 53 - 1);
    expect(counterValue(Buffer.alloc(0))).toBe(0);
    expect(counterValue('12')).toBeNull();
  });

  it('reads the eight IF-MIB columns into the catalogue series, in and out', () => {
    expect(counterColumns.map(([, metric]) => metric)).toEqual([
      'if_in_octets',
      'if_out_octets',
      'if_in_packets',
      'if_out_packets',
      'if_in_errors',
      'if_out_errors',
      'if_in_discards',
      'if_out_discards',
    ]);
    expect(new Set(counterColumns.map(([oid]) => oid)).size).toBe(8);
  });
});
