import { describe, expect, it } from 'vitest';

import { formatValue, rawUnitName, unitScale, valueAxis } from './units.ts';

const GIB = 1024 ** 3;
const TIB = 1024 ** 4;

describe('unitScale', () => {
  it('bits per second with SI prefixes', () => {
    expect(unitScale('bitRate', 950).suffix).toBe(' bps');
    expect(unitScale('bitRate', 1_500).suffix).toBe(' kbps');
    expect(unitScale('bitRate', 109_300_000).suffix).toBe(' Mbps');
    expect(unitScale('bitRate', 2.5e9)).toEqual({ factor: 1e9, suffix: ' Gbps' });
  });

  it('bytes with base 1024, the unit picked by the largest value', () => {
    expect(unitScale('bytes', 1023).suffix).toBe(' B');
    expect(unitScale('bytes', 1024).suffix).toBe(' KB');
    expect(unitScale('bytes', 300 * GIB)).toEqual({ factor: GIB, suffix: ' GB' });
    expect(unitScale('bytes', 5.4 * TIB).suffix).toBe(' TB');
  });

  it('GB whatever the size where the spec prices per GB', () => {
    expect(unitScale('gigabytes', 20 * TIB)).toEqual({ factor: GIB, suffix: ' GB' });
    expect(unitScale('gigabytes', 100)).toEqual({ factor: GIB, suffix: ' GB' });
  });

  it('counts stay plain below 10,000, then k and M', () => {
    expect(unitScale('count', 9_999).suffix).toBe('');
    expect(unitScale('count', 12_000).suffix).toBe('k');
    expect(unitScale('count', 3_400_000).suffix).toBe('M');
    expect(unitScale('hertz', 154.8e9).suffix).toBe(' GHz');
  });
});

describe('valueAxis', () => {
  it('round ticks in the displayed unit: 0, 25, 50 ... 125 Mbps', () => {
    const axis = valueAxis('bitRate', 0, 109_300_000);
    expect(axis.labels).toEqual(['0 Mbps', '25 Mbps', '50 Mbps', '75 Mbps', '100 Mbps', '125 Mbps']);
    expect(axis.ticks).toEqual([0, 25e6, 50e6, 75e6, 100e6, 125e6]);
    expect(axis.max).toBe(125e6);
  });

  it('binary storage reads 0, 1, 2 ... TB, not 0, 1.1, 2.3 TB', () => {
    const axis = valueAxis('bytes', 0, 5.4 * TIB);
    expect(axis.labels).toEqual(['0 TB', '2 TB', '4 TB', '6 TB']);
    expect(axis.ticks).toEqual([0, 2 * TIB, 4 * TIB, 6 * TIB]);
    expect(valueAxis('bytes', 0, 2.3 * TIB).labels).toEqual(['0 TB', '0.5 TB', '1 TB', '1.5 TB', '2 TB', '2.5 TB']);
  });

  it('storage priced per GB stays in GB with thousands separators', () => {
    expect(valueAxis('gigabytes', 0, 4_300 * GIB).labels).toEqual([
      '0 GB',
      '1,000 GB',
      '2,000 GB',
      '3,000 GB',
      '4,000 GB',
      '5,000 GB',
    ]);
  });

  it('counts get whole ticks, large ones compact', () => {
    expect(valueAxis('count', 0, 3).labels).toEqual(['0', '1', '2', '3']);
    expect(valueAxis('count', 0, 4_200_000).labels).toEqual(['0', '1M', '2M', '3M', '4M', '5M']);
    expect(valueAxis('count', 0, 12_500).labels).toEqual(['0', '2.5k', '5k', '7.5k', '10k', '12.5k']);
    expect(valueAxis('perSecond', 0, 45_000).labels[0]).toBe('0/s');
  });

  it('fewer ticks on a short axis', () => {
    expect(valueAxis('bitRate', 0, 109_300_000, 4).labels).toEqual(['0 Mbps', '50 Mbps', '100 Mbps', '150 Mbps']);
  });
});

describe('formatValue', () => {
  it('each value in its own best unit, 2 decimals', () => {
    expect(formatValue('bitRate', 123_456_789)).toBe('123.46 Mbps');
    expect(formatValue('bitRate', 4_200)).toBe('4.2 kbps');
    expect(formatValue('bytes', 114_754_867_035)).toBe('106.87 GB');
    expect(formatValue('gigabytes', 2 * TIB)).toBe('2,048 GB');
    expect(formatValue('count', 1234)).toBe('1,234');
    expect(formatValue('perSecond', 0.004321)).toBe('0.00432/s');
    expect(formatValue('dollars', 12.5)).toBe('$12.50');
    expect(formatValue('number', null)).toBe('–');
  });
});

describe('rawUnitName', () => {
  it('names the unit a CSV column is written in', () => {
    expect(rawUnitName('bitRate')).toBe('bits/s');
    expect(rawUnitName('gigabytes')).toBe('bytes');
    expect(rawUnitName('count')).toBeNull();
  });
});
