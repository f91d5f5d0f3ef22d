import { Group, Paper, Select, Stack, Title } from '@mantine/core';
import { messages, type ChartData } from '@portal/contract';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';

import { rangeFor, rangeOptions, toColumns, type ChartRange } from './chart-rules.ts';
import { EmptyState, LoadingState } from './PageStates.tsx';

// uPlot loads with the first chart, never with the initial bundle.
const UPlotChart = lazy(() => import('./UPlotChart.tsx'));

const plainNumber = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);

export interface TimeSeriesChartProps<T, K extends QueryKey> {
  title: string;
  /** Seconds back from now shown first (spec: 1 month by default, network 1 day, usage-based 3 months). */
  defaultRange: number;
  /** The query of a range; `select` picks this chart's table from its answer. */
  query: (range: ChartRange) => UseQueryOptions<T, Error, T, K>;
  select: (data: T) => ChartData;
  formatValue?: (value: number) => string;
  /** Labels of the value axis; defaults to formatValue. */
  formatAxis?: (value: number) => string;
  /** Values are prices: negative ones show as 0. */
  price?: boolean;
  /** Extra content beside the title (e.g. a download button), given the current range. */
  actions?: (range: ChartRange) => ReactNode;
  /** Content under the chart (e.g. stats), given the answer. */
  footer?: (data: T) => ReactNode;
  height?: number;
}

/**
 * The one time-series chart of the portal (spec core.md section 9): a range dropdown giving seconds
 * back from now, dates sent as epoch seconds, 6 ticks, M/d/yy axis up to 45 days else the month
 * name, data points M/d/yy h:mma, empty and error messages of the spec.
 */
export function TimeSeriesChart<T, K extends QueryKey>({
  title,
  defaultRange,
  query,
  select,
  formatValue = plainNumber,
  formatAxis = formatValue,
  price = false,
  actions,
  footer,
  height,
}: TimeSeriesChartProps<T, K>) {
  const [seconds, setSeconds] = useState(defaultRange);
  const [range, setRange] = useState(() => rangeFor(defaultRange));
  const result = useQuery(query(range));
  const columns = useMemo(
    () => (result.data ? toColumns(select(result.data), price) : null),
    [result.data, select, price],
  );
  const options = rangeOptions.some((o) => o.seconds === defaultRange)
    ? rangeOptions
    : [...rangeOptions, { label: `Last ${Math.round(defaultRange / 86400)} days`, seconds: defaultRange }];

  return (
    <Paper withBorder radius="md" p="md" aria-label={title} role="figure">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          <Group gap="xs">
            {actions?.(range)}
            <Select
              aria-label={`Range of ${title}`}
              size="xs"
              w={150}
              allowDeselect={false}
              data={options.map((o) => ({ value: String(o.seconds), label: o.label }))}
              value={String(seconds)}
              onChange={(value) => {
                if (!value) return;
                setSeconds(Number(value));
                setRange(rangeFor(Number(value)));
              }}
            />
          </Group>
        </Group>
        {result.isPending ? (
          <LoadingState minHeight={height ?? 240} />
        ) : result.error ? (
          <EmptyState minHeight={height ?? 240}>{messages.chartError}</EmptyState>
        ) : !columns ? (
          <EmptyState minHeight={height ?? 240}>{messages.chartEmpty}</EmptyState>
        ) : (
          <Suspense fallback={<LoadingState minHeight={height ?? 240} />}>
            <UPlotChart
              columns={columns}
              rangeSeconds={range.end - range.start}
              formatValue={formatValue}
              formatAxis={formatAxis}
              height={height}
            />
          </Suspense>
        )}
        {result.data && footer ? footer(result.data) : null}
      </Stack>
    </Paper>
  );
}
