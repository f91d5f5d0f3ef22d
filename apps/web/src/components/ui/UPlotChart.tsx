import 'uplot/dist/uPlot.min.css';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';

import { formatAxisDate, formatDataPoint } from '../../lib/formats.ts';
import { ticks, type ChartColumns } from './chart-rules.ts';

const colors = ['#1c7ed6', '#f08c00', '#2f9e44', '#c2255c', '#6741d9', '#0c8599'];

export interface UPlotChartProps {
  columns: ChartColumns;
  /** Seconds the chart covers (picks the date axis format). */
  rangeSeconds: number;
  formatValue: (value: number) => string;
  /** Labels of the value axis (shorter than the data points'); defaults to formatValue. */
  formatAxis?: (value: number) => string;
  height?: number;
}

/** The uPlot canvas (loaded lazily by TimeSeriesChart so uPlot stays out of the initial bundle). */
export default function UPlotChart({
  columns,
  rangeSeconds,
  formatValue,
  formatAxis = formatValue,
  height = 240,
}: UPlotChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const narrow = el.clientWidth < 520;
    const value = (v: number | null) => (v === null || v === undefined ? '–' : formatValue(v));
    const options: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      legend: { show: true, live: true },
      padding: [12, narrow ? 56 : 28, 0, 0],
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.05 : 1] } },
      series: [
        { label: 'Time', value: (_u, v) => (v === null ? '–' : formatDataPoint(v)) },
        ...columns.names.map((name, i) => ({
          label: name,
          stroke: colors[i % colors.length],
          fill: `${colors[i % colors.length]}1a`,
          width: 2,
          points: { show: false },
          value: (_u: uPlot, v: number | null) => value(v),
        })),
      ],
      axes: [
        {
          splits: (_u, _axis, min, max) => ticks(min, max),
          values: (_u, splits) => splits.map((s) => formatAxisDate(s, rangeSeconds)),
          gap: 6,
          // 6 date labels do not fit side by side on a phone: tilt them.
          ...(narrow ? { rotate: -40, size: 64 } : {}),
        },
        {
          splits: (_u, _axis, min, max) => ticks(min, max),
          values: (_u, splits) => splits.map((s) => formatAxis(s)),
          size: 84,
        },
      ],
    };
    const plot = new uPlot(options, columns.data as uPlot.AlignedData, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [columns, rangeSeconds, formatValue, formatAxis, height]);

  return <div ref={box} data-testid="chart-canvas" />;
}
