import { Badge, Stack, Text, Title } from '@mantine/core';
import type { ChartData } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ChartGrid } from '../../components/ui/chart/ChartGrid.tsx';
import type { ChartRange } from '../../components/ui/chart/ranges.ts';
import type { ChartUnit } from '../../components/ui/chart/units.ts';
import { defaultRanges } from '../../components/ui/chart-rules.ts';
import { TimeSeriesChart, type ReferenceLine } from '../../components/ui/TimeSeriesChart.tsx';
import { percentile95, recentOnly, sampleTable, stepFor, withGap, type SampleSeries } from './sample-data.ts';

const GB = 1024 ** 3;
const DAY = 86400;
const asIs = (table: ChartData) => table;

/** A sample made in the browser for the range the chart asks for (never fetched). */
const sample = (kind: string, make: (range: ChartRange) => ChartData) => (range: ChartRange) =>
  queryOptions({
    queryKey: ['style-demo', kind, range.start, range.end],
    queryFn: () => make(range),
    staleTime: Infinity,
  });

const series =
  (step: number | 'auto', list: SampleSeries[], seed = 1) =>
  (range: ChartRange) =>
    sampleTable(range, step === 'auto' ? stepFor(range) : step, list, seed);

interface Sample {
  kind: string;
  title: string;
  note: string;
  unit: ChartUnit;
  range: number;
  make: (range: ChartRange) => ChartData;
  price?: boolean;
  percentile?: boolean;
}

const traffic = series('auto', [
  { name: 'In', level: 420e6, daily: 0.85, noise: 0.15 },
  { name: 'Out', level: 140e6, daily: 0.7, noise: 0.15 },
]);

const kinds: Sample[] = [
  {
    kind: 'line',
    title: 'Line: one series',
    note: 'Round ticks (1, 2, 2.5, 5 × 10ⁿ), hourly points over a day: times read h:mm AM.',
    unit: 'count',
    range: defaultRanges.day,
    make: series('auto', [{ name: 'Instances', level: 38, daily: 0.4, integer: true }]),
  },
  {
    kind: 'lines-percentile',
    title: 'Lines with the 95th percentile',
    note: 'Two series in bits/s (k/M/G chosen from the largest value) and their 95th percentile lines.',
    unit: 'bitRate',
    range: 7 * DAY,
    make: traffic,
    percentile: true,
  },
  {
    kind: 'daily',
    title: 'Daily series over a month',
    note: 'Points at 00:00 UTC, read as UTC days; storage priced per GB is shown in GB (1024³ bytes).',
    unit: 'gigabytes',
    range: defaultRanges.month,
    make: series(DAY, [{ name: 'Storage used', level: 5400 * GB, growth: 0.12, noise: 0.01 }]),
  },
  {
    kind: 'bars-one',
    title: 'Bars: a daily series asked for the last day',
    note: 'One or two points are drawn as labelled bars, never as a one-point line.',
    unit: 'count',
    range: defaultRanges.day,
    make: series(DAY, [{ name: 'Protected VMs', level: 42, integer: true, noise: 0.02 }]),
  },
  {
    kind: 'bars-grouped',
    title: 'Bars: two series, grouped by day',
    note: 'Each day a group, one bar per series, each labelled with its value.',
    unit: 'count',
    range: 2 * DAY,
    make: series(DAY, [
      { name: 'Active licences', level: 310, integer: true, noise: 0.02 },
      { name: 'Hardware-bound', level: 24, integer: true, noise: 0.05 },
    ]),
  },
  {
    kind: 'many-series',
    title: 'Many series: the legend toggles them',
    note: 'Five instance types; click a legend entry to hide or show it (the tooltip follows).',
    unit: 'count',
    range: defaultRanges.month,
    make: series(DAY, [
      { name: 'm1.small', level: 14, integer: true, noise: 0.15 },
      { name: 'm1.medium', level: 9, integer: true, noise: 0.15 },
      { name: 'm1.large', level: 6, integer: true, noise: 0.2 },
      { name: 'c1.xlarge', level: 3, integer: true, noise: 0.3, growth: 0.5 },
      { name: 'r1.2xlarge', level: 2, integer: true, noise: 0.3 },
    ]),
  },
  {
    kind: 'gap',
    title: 'A gap in the data',
    note: 'Missing points break the line instead of drawing across the gap.',
    unit: 'perSecond',
    range: 3 * DAY,
    make: (range) => withGap(series(3600, [{ name: 'Packets', level: 5200, daily: 0.8 }])(range)),
  },
  {
    kind: 'partial',
    title: 'Data covering part of the range',
    note: 'The axis spans the range asked for; a note says where the data starts.',
    unit: 'bytes',
    range: 90 * DAY,
    make: (range) => recentOnly(series(DAY, [{ name: 'Memory used', level: 180 * GB, noise: 0.05 }])(range)),
  },
];

const units: Sample[] = [
  ['bitRate', 'Bits per second', 'Traffic', 2.4e9],
  ['bytes', 'Bytes (KB/MB/GB/TB of 1024)', 'Memory', 640 * GB],
  ['gigabytes', 'Gigabytes (priced per GB)', 'Volume storage', 12_000 * GB],
  ['hertz', 'Hertz (base 1000)', 'Compute', 86e9],
  ['perSecond', 'Per second', 'Errors', 3.2],
  ['count', 'Count (whole numbers)', 'Buckets', 7],
  ['number', 'Number (a unit of measure)', 'Usage', 1234.5],
  ['dollars', 'Dollars', 'Charge', 58.25],
].map(([unit, title, name, level], i) => ({
  kind: `unit-${unit as string}`,
  title: title as string,
  note: `unit="${unit as string}"`,
  unit: unit as ChartUnit,
  range: defaultRanges.month,
  make: series(DAY, [{ name: name as string, level: level as number, growth: 0.2, noise: 0.06 }], i + 7),
  ...(unit === 'dollars' ? { price: true } : {}),
}));

function Labelled({ kind, note, children }: { kind: string; note: string; children: ReactNode }) {
  return (
    <Stack gap={4} data-chart-kind={kind}>
      {children}
      <Text size="xs" c="dimmed">
        <Badge size="xs" variant="light" mr={6}>
          {kind}
        </Badge>
        {note}
      </Text>
    </Stack>
  );
}

function SampleChart({ s }: { s: Sample }) {
  const percentile = s.percentile
    ? {
        query: sample(`${s.kind}-p95`, s.make),
        lines: (table: ChartData): ReferenceLine[] => [
          { label: '95th percentile in', value: percentile95(table, 1), series: 0 },
          { label: '95th percentile out', value: percentile95(table, 2), series: 1 },
        ],
      }
    : undefined;
  return (
    <Labelled kind={s.kind} note={s.note}>
      <TimeSeriesChart
        title={s.title}
        defaultRange={s.range}
        query={sample(s.kind, s.make)}
        select={asIs}
        unit={s.unit}
        {...(s.price ? { price: true } : {})}
        {...(percentile ? { summary: percentile } : {})}
      />
    </Labelled>
  );
}

const never = () => new Promise<ChartData>(() => {});
const fails = (): Promise<ChartData> => Promise.reject(new Error('sample failure'));

const states: { kind: string; title: string; note: string; queryFn: () => Promise<ChartData> }[] = [
  { kind: 'loading', title: 'Loading', note: 'While the data is on its way.', queryFn: never },
  { kind: 'empty', title: 'Empty', note: 'No rows in the range.', queryFn: () => Promise.resolve([['Time', 'Value']]) },
  { kind: 'error', title: 'Error', note: 'The call failed.', queryFn: fails },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * admin/chart-styles: a sample of every kind of chart the kit draws, every unit and every state, on
 * data made in the browser (spec services.md section 2: "A style demo page with sample charts exists").
 */
export function StyleDemoPage() {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          Chart styles
        </Title>
        <Text size="sm" c="dimmed">
          Every kind of chart the portal&apos;s chart kit draws, on sample data made in this browser. Drag across a line
          chart to zoom, double-click to reset.
        </Text>
      </div>
      <Section title="Kinds">
        <ChartGrid>
          {kinds.map((s) => (
            <SampleChart key={s.kind} s={s} />
          ))}
        </ChartGrid>
      </Section>
      <Section title="Units">
        <ChartGrid>
          {units.map((s) => (
            <SampleChart key={s.kind} s={s} />
          ))}
        </ChartGrid>
      </Section>
      <Section title="States">
        <ChartGrid>
          {states.map((s) => (
            <Labelled key={s.kind} kind={s.kind} note={s.note}>
              <TimeSeriesChart
                title={s.title}
                defaultRange={defaultRanges.month}
                query={(range) =>
                  queryOptions({
                    queryKey: ['style-demo', s.kind, range.start, range.end],
                    queryFn: s.queryFn,
                    retry: false,
                  })
                }
                select={asIs}
              />
            </Labelled>
          ))}
        </ChartGrid>
      </Section>
    </Stack>
  );
}
