import { describe, expect, it } from 'vitest';

import { barData, lineData } from './plot-options.ts';
import { columnsCsv, chartShape, dataSpan, toColumns } from './table.ts';

const DAY = 86400;

describe('toColumns', () => {
  it('turns the chart table into columns; negative prices show as 0; empty tables draw nothing', () => {
    const table = [
      ['Time', 'Cost', 'Other'],
      [1, -5, 2],
      [2, 3, null],
    ];
    expect(toColumns(table, true)).toEqual({
      names: ['Cost', 'Other'],
      data: [
        [1, 2],
        [0, 3],
        [2, null],
      ],
    });
    expect(toColumns(table)?.data[1]).toEqual([-5, 3]);
    expect(toColumns([['Time', 'Cost']])).toBeNull();
    expect(
      toColumns([
        ['Time', 'Cost'],
        [1, null],
      ]),
    ).toBeNull();
    expect(toColumns(undefined)).toBeNull();
  });
});

describe('chartShape', () => {
  const columns = (n: number) => toColumns([['Time', 'Used'], ...Array.from({ length: n }, (_, i) => [i * DAY, i])]);
  it('a daily series asked for one day (one point) or two points is bars, never a line', () => {
    expect(chartShape(columns(1) ?? { names: [], data: [] })).toBe('bars');
    expect(chartShape(columns(2) ?? { names: [], data: [] })).toBe('bars');
    expect(chartShape(columns(3) ?? { names: [], data: [] })).toBe('line');
  });
});

describe('lineData', () => {
  it('spans the whole range asked for: empty rows at its start and end when the data is shorter', () => {
    const columns = {
      names: ['In'],
      data: [
        [30 * DAY, 31 * DAY],
        [5, 6],
      ],
    };
    // A 90-day range with 2 days of data: the axis still runs over the 90 days.
    expect(lineData(columns, { start: 0, end: 90 * DAY })).toEqual([
      [0, 30 * DAY, 31 * DAY, 90 * DAY],
      [null, 5, 6, null],
    ]);
    expect(lineData(columns, { start: 30 * DAY, end: 31 * DAY })).toEqual([
      [30 * DAY, 31 * DAY],
      [5, 6],
    ]);
  });
});

describe('barData', () => {
  it('one slot per series and time, grouped by time, so two series never hide each other', () => {
    const { data, groups } = barData({ names: ['Used', 'Limit'], data: [[DAY], [40], [100]] });
    expect(data).toEqual([
      [0, 1],
      [40, null],
      [null, 100],
    ]);
    expect(groups).toEqual([{ center: 0.5, time: DAY, slots: [0, 1] }]);
  });
});

describe('dataSpan', () => {
  it('is the first and last time holding a value', () => {
    expect(
      dataSpan({
        names: ['a'],
        data: [
          [1, 2, 3, 4],
          [null, 5, 6, null],
        ],
      }),
    ).toEqual({ first: 2, last: 3 });
    expect(dataSpan({ names: ['a'], data: [[1], [null]] })).toBeNull();
  });
});

describe('columnsCsv', () => {
  it('writes ISO times and raw values with the unit in the header, CRLF, formulas neutralised', () => {
    const csv = columnsCsv(
      {
        names: ['In bits', '=HYPERLINK("x")'],
        data: [
          [DAY, 2 * DAY],
          [1000, null],
          [2.5, 3],
        ],
      },
      'bitRate',
    );
    expect(csv).toBe(
      'Time (UTC),In bits (bits/s),"\'=HYPERLINK(""x"") (bits/s)"\r\n' +
        '1970-01-02T00:00:00.000Z,1000,2.5\r\n' +
        '1970-01-03T00:00:00.000Z,,3\r\n',
    );
    expect(columnsCsv({ names: ['VMs'], data: [[0], [4]] }, 'count')).toBe(
      'Time (UTC),VMs\r\n1970-01-01T00:00:00.000Z,4\r\n',
    );
  });
});
