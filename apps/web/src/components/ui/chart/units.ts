import { currentViewer, numberFormatter } from '../../../lib/formats.ts';
import { niceScale, stepDecimals } from './ticks.ts';

/**
 * What a chart's values are, so axes and tooltips speak units a person reads:
 * - bitRate: bits per second, SI prefixes (bps, kbps, Mbps, Gbps, Tbps), network traffic;
 * - bytes: base 1024 (B, KB, MB, GB, TB, PB), the unit picked per chart from its largest value;
 * - gigabytes: bytes always shown in GB (1024³, as the API prices them) where the spec prices per GB;
 * - hertz: base 1000 (Hz, kHz, MHz, GHz), compute;
 * - perSecond: events per second (packets, errors, discards), k/M above 10,000;
 * - count: whole things (VMs, licences, objects), k/M/B above 10,000;
 * - number: quantities that may have decimals (usage in the component's unit of measure);
 * - dollars.
 */
export type ChartUnit = 'bitRate' | 'bytes' | 'gigabytes' | 'hertz' | 'perSecond' | 'count' | 'number' | 'dollars';

export interface UnitScale {
  factor: number;
  /** Text after the number ('' for none); starts with a space when it is a word. */
  suffix: string;
}

const GIB = 1024 ** 3;

const ladders: Record<ChartUnit, readonly UnitScale[]> = {
  bitRate: [
    { factor: 1, suffix: ' bps' },
    { factor: 1e3, suffix: ' kbps' },
    { factor: 1e6, suffix: ' Mbps' },
    { factor: 1e9, suffix: ' Gbps' },
    { factor: 1e12, suffix: ' Tbps' },
  ],
  bytes: [
    { factor: 1, suffix: ' B' },
    { factor: 1024, suffix: ' KB' },
    { factor: 1024 ** 2, suffix: ' MB' },
    { factor: GIB, suffix: ' GB' },
    { factor: 1024 ** 4, suffix: ' TB' },
    { factor: 1024 ** 5, suffix: ' PB' },
  ],
  gigabytes: [{ factor: GIB, suffix: ' GB' }],
  hertz: [
    { factor: 1, suffix: ' Hz' },
    { factor: 1e3, suffix: ' kHz' },
    { factor: 1e6, suffix: ' MHz' },
    { factor: 1e9, suffix: ' GHz' },
    { factor: 1e12, suffix: ' THz' },
  ],
  perSecond: [
    { factor: 1, suffix: '/s' },
    { factor: 1e3, suffix: 'k/s' },
    { factor: 1e6, suffix: 'M/s' },
  ],
  count: [
    { factor: 1, suffix: '' },
    { factor: 1e3, suffix: 'k' },
    { factor: 1e6, suffix: 'M' },
    { factor: 1e9, suffix: 'B' },
  ],
  number: [
    { factor: 1, suffix: '' },
    { factor: 1e3, suffix: 'k' },
    { factor: 1e6, suffix: 'M' },
    { factor: 1e9, suffix: 'B' },
  ],
  dollars: [
    { factor: 1, suffix: '' },
    { factor: 1e3, suffix: 'k' },
    { factor: 1e6, suffix: 'M' },
  ],
};

/** Below this, plain numbers with separators read better than 1.2k (counts, per-second, dollars). */
const compactFrom = 10_000;
const plainUnits: ReadonlySet<ChartUnit> = new Set(['perSecond', 'count', 'number', 'dollars']);

/** The unit step for a largest absolute value (the largest prefix that keeps it at 1 or more). */
export function unitScale(unit: ChartUnit, maxAbs: number): UnitScale {
  const ladder = ladders[unit];
  const first = ladder[0] as UnitScale;
  const magnitude = Math.abs(maxAbs);
  if (!Number.isFinite(magnitude) || (plainUnits.has(unit) && magnitude < compactFrom)) return first;
  let chosen = first;
  for (const step of ladder) if (magnitude >= step.factor) chosen = step;
  return chosen;
}

// The portal's locale, as every number and date of the app (decision 120).
const numberFormat = (decimals: number) => numberFormatter(currentViewer().locale, { maximumFractionDigits: decimals });

function withUnit(unit: ChartUnit, text: string, scale: UnitScale): string {
  if (unit !== 'dollars') return `${text}${scale.suffix}`;
  return text.startsWith('-') ? `-$${text.slice(1)}${scale.suffix}` : `$${text}${scale.suffix}`;
}

export interface ValueAxis {
  /** Bounds of the axis in raw units (bits/s, bytes, ...). */
  min: number;
  max: number;
  /** Tick values in raw units, round in the displayed unit. */
  ticks: number[];
  labels: string[];
  scale: UnitScale;
}

/**
 * The value axis of a chart: the display unit picked from the largest value, round ticks in that unit
 * (so a storage axis reads 0, 0.5, 1, 1.5 TB rather than 0, 0.57, 1.14 TB) and their labels.
 */
export function valueAxis(unit: ChartUnit, min: number, max: number, count = 6): ValueAxis {
  const scale = unitScale(unit, Math.max(Math.abs(min), Math.abs(max)));
  const integer = unit === 'count' && scale.factor === 1;
  const nice = niceScale(min / scale.factor, max / scale.factor, { count, integer });
  const decimals = stepDecimals(nice.step);
  const format = numberFormat(decimals);
  return {
    min: nice.min * scale.factor,
    max: nice.max * scale.factor,
    ticks: nice.ticks.map((t) => t * scale.factor),
    labels: nice.ticks.map((t) =>
      // A compact letter on zero reads oddly (0M): zero counts are just 0.
      t === 0 && plainUnits.has(unit)
        ? withUnit(unit, '0', ladders[unit][0] as UnitScale)
        : withUnit(unit, format.format(t), scale),
    ),
    scale,
  };
}

/** One value for a tooltip or a figure, in its own best unit: 2 decimals, 3 significant digits when tiny. */
export function formatValue(unit: ChartUnit, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const scale = unitScale(unit, value);
  const amount = value / scale.factor;
  const abs = Math.abs(amount);
  const options: Intl.NumberFormatOptions =
    unit === 'count' && scale.factor === 1
      ? { maximumFractionDigits: 0 }
      : unit === 'dollars' && scale.factor === 1
        ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
        : abs > 0 && abs < 0.01
          ? { maximumSignificantDigits: 3 }
          : { maximumFractionDigits: 2 };
  return withUnit(unit, numberFormatter(currentViewer().locale, options).format(amount), scale);
}

/** The raw unit a CSV column holds (the values are written unscaled). */
export function rawUnitName(unit: ChartUnit): string | null {
  switch (unit) {
    case 'bitRate':
      return 'bits/s';
    case 'bytes':
    case 'gigabytes':
      return 'bytes';
    case 'hertz':
      return 'Hz';
    case 'perSecond':
      return 'per second';
    case 'dollars':
      return 'USD';
    default:
      return null;
  }
}
