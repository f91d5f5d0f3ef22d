import './chart/chart.css';

import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ChartData } from '@portal/contract';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { saveBlob } from '../../lib/download.ts';
import { currentViewer } from '../../lib/formats.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ChartLegend } from './chart/ChartLegend.tsx';
import { ChartMessage } from './chart/ChartMessage.tsx';
import type { LivePoint } from './chart/live-stream.ts';
import { useLivePoints } from './chart/LiveOrder.tsx';
import type { PlotHandle } from './chart/PlotCanvas.tsx';
import type { SeriesStyle } from './chart/plot-options.ts';
import { chartFileName, rangeFor, type ChartRange } from './chart/ranges.ts';
import { presetRange, RangePicker, type PickedRange } from './chart/RangePicker.tsx';
import { columnsCsv, chartShape, dataSpan, toColumns, type ChartColumns } from './chart/table.ts';
import { formatPointTime, isDaily } from './chart/time-axis.ts';
import type { ChartUnit } from './chart/units.ts';
import { HydrationPart } from './HydrationPart.tsx';

// uPlot loads with the first chart, never with the initial bundle.
const PlotCanvas = lazy(() => import('./chart/PlotCanvas.tsx'));

/** Series colours: distinct, and at least 3:1 against white (WCAG non-text contrast). */
const palette = ['#1c7ed6', '#e8590c', '#2f9e44', '#c2255c', '#6741d9', '#0c8599'];

/** A horizontal line across the chart (the 95th percentile), coloured like the series it belongs to. */
export interface ReferenceLine {
  label: string;
  value: number;
  /** Index of the series it belongs to (its colour); the next free colour otherwise. */
  series?: number;
}

/** Figures a chart shows about its range, fetched for the same range as the chart. */
export interface ChartSummary<S, SK extends QueryKey = QueryKey> {
  query: (range: ChartRange) => UseQueryOptions<S, Error, S, SK>;
  lines?: (summary: S) => ReferenceLine[];
  render?: (summary: { data: S | undefined; error: unknown; isPending: boolean }, range: ChartRange) => ReactNode;
}

export interface TimeSeriesChartProps<T, K extends QueryKey, S, SK extends QueryKey> {
  title: string;
  /** Seconds back from now shown first (spec: 1 month by default, network 1 day, usage-based 3 months). */
  defaultRange: number;
  /** The query of a range; `select` picks this chart's table from its answer. */
  query: (range: ChartRange) => UseQueryOptions<T, Error, T, K>;
  select: (data: T) => ChartData;
  /** What the values are: picks the axis unit, its round ticks and the tooltip's format. */
  unit?: ChartUnit;
  /** Values are prices: negative ones show as 0. */
  price?: boolean;
  /** Extra content beside the title, given the current range. */
  actions?: (range: ChartRange) => ReactNode;
  /**
   * The CSV download of the range. By default the chart's own table (every row it draws); a page whose
   * chart thins its points passes the server's download of the full range instead.
   */
  download?: (range: ChartRange, fileName: string) => void;
  summary?: ChartSummary<S, SK>;
  /** Content under the chart, given the answer and the range. */
  footer?: (data: T, range: ChartRange) => ReactNode;
  height?: number;
  /**
   * Which live points of the page's order (LiveOrder) concern this chart; by default all of them. A
   * chart whose range ends at "now" (a preset, not zoomed) moves its range on and reloads within
   * `liveDelayMs` of such a point, keeping its drawing meanwhile.
   */
  live?: (point: LivePoint) => boolean;
}

/** Live points that arrive together reload a chart once. */
const liveDelayMs = 1000;

/** The preset range `seconds` back from now, reaching at least the newest live point. */
function liveRange(seconds: number, newest: number): ChartRange {
  const now = rangeFor(seconds);
  const end = Math.max(now.end, Math.ceil(newest / 60) * 60);
  return { start: end - seconds, end };
}

function withReferenceLines(columns: ChartColumns, lines: readonly ReferenceLine[]): ChartColumns {
  if (lines.length === 0) return columns;
  const times = columns.data[0] ?? [];
  return {
    names: [...columns.names, ...lines.map((l) => l.label)],
    data: [...columns.data, ...lines.map((l) => times.map(() => l.value))],
  };
}

function coverageNote(columns: ChartColumns, range: ChartRange, daily: boolean): string | null {
  const span = dataSpan(columns);
  if (!span) return null;
  const missing = span.first - range.start + (range.end - span.last);
  // A few missing steps at the ends are normal (the latest hour or day is not in yet).
  const step = daily ? 86400 : 3600;
  if (missing < 2 * step || missing < (range.end - range.start) * 0.1) return null;
  const zone = daily ? 'UTC' : 'local';
  const { locale } = currentViewer();
  return `Data for this range runs from ${formatPointTime(span.first, zone, locale)} to ${formatPointTime(span.last, zone, locale)}.`;
}

/** Why a chart shows bars: the range holds one or two values, too few for a line. */
function barsNote(columns: ChartColumns | null, daily: boolean): string {
  const n = columns?.data[0]?.length ?? 0;
  if (daily) return n === 1 ? 'Daily values: this range holds one day.' : `Daily values: this range holds ${n} days.`;
  return n === 1 ? 'This range holds one value.' : `This range holds ${n} values.`;
}

/**
 * The one time-series chart of the portal (spec core.md section 9): a range dropdown of seconds back
 * from now or a custom range, round axis ticks in readable units, drag to zoom and double-click to
 * reset, a tooltip with every series at the cursor, a legend that shows and hides series, a CSV of
 * the range, and the spec's empty and error messages.
 */
export function TimeSeriesChart<T, K extends QueryKey, S = never, SK extends QueryKey = QueryKey>(
  props: TimeSeriesChartProps<T, K, S, SK>,
) {
  // A boundary of its own: on a page the server rendered, React takes each chart over in a task of its
  // own, and what follows (its data starting to load, its dropdowns placing themselves) is per chart
  // too, instead of one long task for a page of charts on a phone (decision 110).
  return (
    <HydrationPart>
      <Chart {...props} />
    </HydrationPart>
  );
}

function Chart<T, K extends QueryKey, S = never, SK extends QueryKey = QueryKey>({
  title,
  defaultRange,
  query,
  select,
  unit = 'number',
  price = false,
  actions,
  download,
  summary,
  footer,
  height = 240,
  live,
}: TimeSeriesChartProps<T, K, S, SK>) {
  const [picked, setPicked] = useState<PickedRange>(() => presetRange(defaultRange));
  // The range moved on by live points (null until one arrives, and again after the picker is used).
  const [moved, setMoved] = useState<ChartRange | null>(null);
  const [hiddenNames, setHiddenNames] = useState<ReadonlySet<string>>(new Set());
  const [zoomed, setZoomed] = useState(false);
  const plot = useRef<PlotHandle>(null);
  const range = moved ?? picked.range;
  // A chart's range ends at "now", which the server's render and the browser's hydration would each read
  // differently: a chart starts loading once the page is the browser's (decision 109), showing its
  // loading state in the server's HTML as in the browser's first render.
  const hydrated = useHydrated();
  const options = query(range);
  const result = useQuery({
    ...options,
    ...(moved ? { placeholderData: keepPreviousData } : {}),
    enabled: hydrated ? options.enabled : false,
  });

  // A hook runs on every render: without a summary the query is there but disabled.
  const summaryResult = useQuery({
    ...((summary?.query(range) ?? {
      queryKey: ['chart-summary', 'none'],
      queryFn: () => null,
    }) as UseQueryOptions<unknown>),
    enabled: hydrated && Boolean(summary),
  });
  const shown = useRef({ range, reload: () => {} });
  useEffect(() => {
    shown.current = {
      range,
      reload: () => {
        void result.refetch();
        if (summary) void summaryResult.refetch();
      },
    };
  });
  const pending = useRef<{ newest: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  useEffect(() => () => clearTimeout(pending.current?.timer), []);
  const listening = useLivePoints(
    (points) => {
      const mine = live ? points.filter(live) : points;
      if (mine.length === 0 || picked.choice.kind !== 'preset') return;
      const newest = Math.max(...mine.map((p) => p.ts));
      if (pending.current) {
        pending.current.newest = Math.max(pending.current.newest, newest);
        return;
      }
      const seconds = picked.choice.seconds;
      pending.current = {
        newest,
        timer: setTimeout(() => {
          const latest = pending.current?.newest ?? newest;
          pending.current = null;
          const next = liveRange(seconds, latest);
          const now = shown.current;
          // Within the same minute the range (and so the query) is the same: asked again instead.
          if (next.start === now.range.start && next.end === now.range.end) now.reload();
          else setMoved(next);
        }, liveDelayMs),
      };
    },
    picked.choice.kind === 'preset' && !zoomed,
  );
  const summaryData = summary && summaryResult.data ? (summaryResult.data as S) : undefined;

  const base = useMemo(
    () => (result.data ? toColumns(select(result.data), price) : null),
    [result.data, select, price],
  );
  const lines = useMemo(
    () => (summaryData !== undefined && summary?.lines ? summary.lines(summaryData) : []),
    [summaryData, summary],
  );
  const shape = base ? chartShape(base) : 'line';
  const columns = useMemo(
    () => (base ? (shape === 'line' ? withReferenceLines(base, lines) : base) : null),
    [base, lines, shape],
  );
  const styles = useMemo<SeriesStyle[]>(
    () =>
      (columns?.names ?? []).map((_, i) => {
        const line = i >= (base?.names.length ?? 0) ? lines[i - (base?.names.length ?? 0)] : undefined;
        if (!line) return { color: palette[i % palette.length] as string };
        return { color: palette[(line.series ?? i) % palette.length] as string, reference: true };
      }),
    [columns, base, lines],
  );
  const hidden = useMemo(() => (columns?.names ?? []).map((n) => hiddenNames.has(n)), [columns, hiddenNames]);
  const daily = base ? isDaily((base.data[0] ?? []) as number[]) : false;
  const note = base && shape === 'line' ? coverageNote(base, range, daily) : null;
  const fileName = chartFileName(title, range);

  const saveCsv = () => {
    if (download) return download(range, fileName);
    if (!columns) return;
    saveBlob(new Blob([columnsCsv(columns, unit)], { type: 'text/csv;charset=utf-8' }), fileName);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-label={title}
      role="figure"
      data-live={listening ? 'on' : 'off'}
      data-last-time={(base && dataSpan(base)?.last) ?? undefined}
    >
      <Stack gap="xs">
        {/* The title wraps rather than pushing the dropdown to a row of its own, so charts side by side line up. */}
        <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
          <Title order={3} size="h5" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          <Group gap="xs" wrap="nowrap">
            {actions?.(range)}
            <RangePicker
              title={title}
              defaultSeconds={defaultRange}
              value={picked}
              onChange={(next) => {
                setPicked(next);
                setMoved(null);
                setZoomed(false);
              }}
            />
          </Group>
        </Group>
        {result.isPending ? (
          <ChartMessage kind="loading" height={height} />
        ) : result.error ? (
          <ChartMessage kind="error" height={height} />
        ) : !columns ? (
          <ChartMessage kind="empty" height={height} />
        ) : (
          <>
            <Suspense fallback={<ChartMessage kind="loading" height={height} />}>
              <PlotCanvas
                ref={plot}
                columns={columns}
                styles={styles}
                range={range}
                unit={unit}
                shape={shape}
                zone={daily ? 'UTC' : 'local'}
                height={height}
                hidden={hidden}
                onZoom={setZoomed}
              />
            </Suspense>
            <ChartLegend
              title={title}
              names={columns.names}
              styles={styles}
              hidden={hidden}
              onToggle={(i) => {
                const name = columns.names[i];
                if (name === undefined) return;
                setHiddenNames((old) => {
                  const next = new Set(old);
                  if (next.has(name)) next.delete(name);
                  else next.add(name);
                  return next;
                });
              }}
            />
            <Group gap="xs" justify="space-between" wrap="nowrap">
              {shape === 'line' &&
                (zoomed ? (
                  <Button size="compact-xs" variant="subtle" onClick={() => plot.current?.resetZoom()}>
                    Reset zoom
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed" className="chart-zoom-hint">
                    Drag to zoom, double-click to reset
                  </Text>
                ))}
              {listening && (
                <Text
                  size="xs"
                  c="teal"
                  data-testid="chart-live"
                  title="New points appear as they arrive"
                  style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                >
                  ● Live
                </Text>
              )}
              <Button size="compact-xs" variant="default" onClick={saveCsv} ml="auto" style={{ flexShrink: 0 }}>
                Download CSV
              </Button>
            </Group>
            {shape === 'bars' && (
              <Text size="xs" c="dimmed" ta="center" data-testid="chart-bars-note">
                {barsNote(base, daily)}
              </Text>
            )}
            {note && (
              <Text size="xs" c="dimmed" data-testid="chart-coverage">
                {note}
              </Text>
            )}
          </>
        )}
        {summary?.render?.(
          { data: summaryData, error: summaryResult.error, isPending: summaryResult.isPending },
          range,
        )}
        {result.data && footer ? footer(result.data, range) : null}
      </Stack>
    </Paper>
  );
}
