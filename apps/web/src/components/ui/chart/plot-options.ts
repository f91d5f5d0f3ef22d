import uPlot from 'uplot';

import { currentViewer } from '../../../lib/formats.ts';

import type { ChartRange } from './ranges.ts';
import type { ChartColumns } from './table.ts';
import { formatPointTime, timeTicks, type AxisZone } from './time-axis.ts';
import { formatValue, valueAxis, type ChartUnit, type ValueAxis } from './units.ts';

/** How one series is drawn. */
export interface SeriesStyle {
  color: string;
  /** A reference line (the 95th percentile): dashed, no fill. */
  reference?: boolean;
}

export interface PlotInput {
  columns: ChartColumns;
  styles: readonly SeriesStyle[];
  /** The range asked for: the time axis spans all of it, data or not. */
  range: ChartRange;
  unit: ChartUnit;
  shape: 'line' | 'bars';
  zone: AxisZone;
  width: number;
  height: number;
  /** Series hidden through the legend. */
  hidden: readonly boolean[];
  /** Told whether the time axis is zoomed in (drag) or at its full range (double-click resets). */
  onZoom?: (zoomed: boolean) => void;
}

const axisFont = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/**
 * The canvas's ink for the page's colour scheme, read from chart.css's variables when a plot is built
 * (PlotCanvas builds it again when the scheme changes): a canvas cannot follow CSS by itself.
 */
function ink() {
  const style = typeof document === 'undefined' ? null : getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style?.getPropertyValue(name).trim() || fallback;
  return {
    axis: read('--chart-axis', '#495057'),
    grid: read('--chart-grid', 'rgba(0, 0, 0, 0.08)'),
    text: read('--chart-text', '#212529'),
  };
}

/** Ticks wanted on an axis this many CSS pixels long: 6 by the spec, fewer when labels would collide. */
export const tickCount = (pixels: number, per: number) => Math.max(3, Math.min(6, Math.floor(pixels / per)));

/** Width of the widest label, so the value axis takes what it needs and no label is cut. */
function labelWidth(u: uPlot, values: string[] | null): number {
  if (!values || values.length === 0) return 40;
  u.ctx.font = axisFont;
  const widest = Math.max(...values.flatMap((v) => v.split('\n')).map((v) => u.ctx.measureText(v).width));
  return Math.ceil(widest / (window.devicePixelRatio || 1)) + 16;
}

/**
 * The value axis, computed once per y range: the range function picks round bounds, the split and
 * label functions reuse them (so ticks and labels cannot disagree).
 */
function valueAxisCache(unit: ChartUnit, height: number) {
  let last: ValueAxis | null = null;
  const count = tickCount(height, 40);
  return {
    range: (min: number | null, max: number | null): [number, number] => {
      last = valueAxis(unit, min ?? 0, max ?? 0, count);
      return [last.min, last.max];
    },
    axis: (min: number, max: number): ValueAxis => {
      if (!last || last.min !== min || last.max !== max) last = valueAxis(unit, min, max, count);
      return last;
    },
  };
}

/** The tooltip: every visible series' value at the cursor, next to the pointer. */
function tooltipPlugin(
  unit: ChartUnit,
  timeOf: (u: uPlot, idx: number) => string,
  rowsOf: (idx: number) => number[],
): uPlot.Plugin {
  let box: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (u) => {
        box = document.createElement('div');
        box.className = 'chart-tooltip';
        box.setAttribute('aria-hidden', 'true');
        box.dataset.testid = 'chart-tooltip';
        box.style.display = 'none';
        u.over.appendChild(box);
      },
      setCursor: (u) => {
        if (!box) return;
        const idx = u.cursor.idx;
        const left = u.cursor.left ?? -1;
        if (idx === null || idx === undefined || left < 0) {
          box.style.display = 'none';
          return;
        }
        box.replaceChildren();
        const head = document.createElement('div');
        head.className = 'chart-tooltip-time';
        head.textContent = timeOf(u, idx);
        box.append(head);
        for (const row of rowsOf(idx)) {
          u.series.forEach((s, i) => {
            if (i === 0 || !s.show) return;
            const value = u.data[i]?.[row];
            if (value === null || value === undefined) return;
            const line = document.createElement('div');
            const swatch = document.createElement('span');
            swatch.className = 'chart-tooltip-swatch';
            swatch.style.background = String(typeof s.stroke === 'function' ? s.stroke(u, i) : s.stroke);
            const name = document.createElement('span');
            name.textContent = `${String(s.label ?? '')}: `;
            const amount = document.createElement('strong');
            amount.textContent = formatValue(unit, value);
            line.append(swatch, name, amount);
            box?.append(line);
          });
        }
        box.style.display = 'block';
        const width = u.over.clientWidth;
        const boxWidth = box.offsetWidth;
        const x = left + 14 + boxWidth > width ? Math.max(0, left - 14 - boxWidth) : left + 14;
        const top = Math.min(
          Math.max(0, (u.cursor.top ?? 0) - 10),
          Math.max(0, u.over.clientHeight - box.offsetHeight),
        );
        box.style.transform = `translate(${x}px, ${top}px)`;
      },
    },
  };
}

/** Reports whether the time axis shows less than the whole range (zoomed by a drag). */
function zoomPlugin(full: () => [number, number], onZoom: (zoomed: boolean) => void): uPlot.Plugin {
  let zoomed = false;
  return {
    hooks: {
      setScale: (u, key) => {
        if (key !== 'x') return;
        const [min, max] = full();
        const now = (u.scales.x?.min ?? min) > min + 1 || (u.scales.x?.max ?? max) < max - 1;
        if (now !== zoomed) {
          zoomed = now;
          onZoom(now);
        }
      },
    },
  };
}

/**
 * A line chart's data: the requested range's start and end are added as empty rows when the data
 * starts later or ends sooner, so the time axis shows the whole range asked for (a 3-month range
 * with one month of data shows two empty months) and uPlot's double-click reset returns to it.
 */
export function lineData(columns: ChartColumns, range: ChartRange): uPlot.AlignedData {
  const times = (columns.data[0] ?? []) as number[];
  const series = columns.data.slice(1);
  const before = times.length === 0 || (times[0] as number) > range.start;
  const after = times.length === 0 || (times[times.length - 1] as number) < range.end;
  return [
    [...(before ? [range.start] : []), ...times, ...(after ? [range.end] : [])],
    ...series.map((s) => [...(before ? [null] : []), ...s, ...(after ? [null] : [])]),
  ] as uPlot.AlignedData;
}

/**
 * Bars of a table with one or two times (a daily series asked for a day): one slot per series and
 * time, grouped by time with an empty slot between groups, so bars never hide one another.
 */
export function barData(columns: ChartColumns): {
  data: uPlot.AlignedData;
  groups: { center: number; time: number; slots: number[] }[];
} {
  const times = (columns.data[0] ?? []) as number[];
  const series = columns.data.slice(1);
  const k = series.length;
  const xs: number[] = [];
  const ys: (number | null)[][] = series.map(() => []);
  const groups: { center: number; time: number; slots: number[] }[] = [];
  times.forEach((time, t) => {
    const base = t * (k + 1);
    const slots: number[] = [];
    series.forEach((s, i) => {
      slots.push(xs.length);
      xs.push(base + i);
      ys.forEach((y, j) => y.push(j === i ? (s[t] ?? null) : null));
    });
    groups.push({ center: base + (k - 1) / 2, time, slots });
  });
  return { data: [xs, ...ys] as uPlot.AlignedData, groups };
}

/** uPlot options and data for a chart. */
export function plotSetup(input: PlotInput): { options: uPlot.Options; data: uPlot.AlignedData } {
  const { columns, styles, range, unit, shape, zone, width, height, hidden } = input;
  const y = valueAxisCache(unit, height);
  const colors = ink();
  const valueAxisOptions: uPlot.Axis = {
    stroke: colors.axis,
    font: axisFont,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { show: false },
    splits: (_u, _i, min, max) => y.axis(min, max).ticks,
    values: (_u, splits) => {
      const axis = y.axis(splits[0] ?? 0, splits[splits.length - 1] ?? 0);
      return splits.map((s) => axis.labels[axis.ticks.indexOf(s)] ?? '');
    },
    size: (u, values) => labelWidth(u, values),
  };
  // One series gets a soft fill under its line; several stay lines, as overlapping fills turn muddy.
  const filled = styles.filter((s) => !s.reference).length === 1;
  const seriesOptions = (i: number, bars: boolean): uPlot.Series => {
    const style = styles[i] ?? { color: '#1c7ed6' };
    return {
      label: columns.names[i] ?? '',
      stroke: style.color,
      width: style.reference ? 1.5 : 2,
      show: !hidden[i],
      ...(style.reference ? { dash: [6, 4] } : {}),
      ...(bars
        ? { fill: style.color, paths: uPlot.paths.bars?.({ size: [0.8, 72], radius: 0.1 }), points: { show: false } }
        : { ...(filled && !style.reference ? { fill: `${style.color}1f` } : {}), points: { show: false } }),
    };
  };

  if (shape === 'bars') {
    const { data, groups } = barData(columns);
    const last = (data[0]?.length ?? 1) - 1;
    const options: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      padding: [20, 12, 0, 0],
      cursor: { drag: { x: false, y: false, setScale: false }, points: { show: false } },
      scales: {
        x: { time: false, range: () => [-0.75, last + 0.75] },
        y: { range: (_u, min, max) => y.range(min, max) },
      },
      series: [{ label: 'Time' }, ...columns.names.map((_, i) => seriesOptions(i, true))],
      axes: [
        {
          stroke: colors.axis,
          font: axisFont,
          grid: { show: false },
          splits: () => groups.map((g) => g.center),
          values: (_u, splits) =>
            splits.map((s) =>
              formatPointTime(groups.find((g) => g.center === s)?.time ?? 0, zone, currentViewer().locale),
            ),
        },
        valueAxisOptions,
      ],
      hooks: {
        // Each bar carries its value: one bar alone has no neighbours to be read against.
        draw: [
          (u) => {
            const { ctx } = u;
            ctx.save();
            ctx.font = `600 ${axisFont}`;
            ctx.fillStyle = colors.text;
            ctx.textAlign = 'center';
            ctx.textBaseline = 'bottom';
            u.series.forEach((s, i) => {
              if (i === 0 || !s.show) return;
              (u.data[i] ?? []).forEach((v, idx) => {
                if (v === null || v === undefined) return;
                const x = u.valToPos(u.data[0][idx] as number, 'x', true);
                const yPos = u.valToPos(v, 'y', true);
                ctx.fillText(formatValue(unit, v), x, yPos - 4 * (window.devicePixelRatio || 1));
              });
            });
            ctx.restore();
          },
        ],
      },
      plugins: [
        tooltipPlugin(
          unit,
          (_u, idx) => {
            const group = groups.find((g) => g.slots.includes(idx));
            return formatPointTime(group?.time ?? 0, zone, currentViewer().locale);
          },
          // Every series of the bar's time, not only the bar under the pointer.
          (idx) => groups.find((g) => g.slots.includes(idx))?.slots ?? [idx],
        ),
      ],
    };
    return { options, data };
  }

  const data = lineData(columns, range);
  const xs = data[0] as number[];
  const full = (): [number, number] => [xs[0] ?? range.start, xs[xs.length - 1] ?? range.end];
  let xTicks: { time: number; label: string }[] = [];
  const options: uPlot.Options = {
    width,
    height,
    legend: { show: false },
    padding: [12, 16, 0, 0],
    cursor: {
      drag: { x: true, y: false, setScale: true },
      points: { size: 7 },
    },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    scales: { x: { time: true }, y: { range: (_u, min, max) => y.range(min, max) } },
    series: [{ label: 'Time' }, ...columns.names.map((_, i) => seriesOptions(i, false))],
    axes: [
      {
        stroke: colors.axis,
        font: axisFont,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { stroke: colors.grid },
        size: 48,
        splits: (u, _i, min, max) => {
          xTicks = timeTicks(min, max, {
            zone,
            locale: currentViewer().locale,
            count: tickCount(u.bbox.width / (window.devicePixelRatio || 1), 64),
          });
          return xTicks.map((t) => t.time);
        },
        values: (_u, splits) => splits.map((s) => xTicks.find((t) => t.time === s)?.label ?? ''),
      },
      valueAxisOptions,
    ],
    plugins: [
      tooltipPlugin(
        unit,
        (u, idx) => formatPointTime(u.data[0][idx] as number, zone, currentViewer().locale),
        (idx) => [idx],
      ),
      ...(input.onZoom ? [zoomPlugin(full, input.onZoom)] : []),
    ],
  };
  return { options, data };
}
