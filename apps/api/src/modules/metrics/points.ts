import { isUtf8 } from 'node:buffer';

import { metrics, validationMessages as m, type FieldErrors } from '@portal/contract';

import { isStorableText } from '../../lib/text.ts';
import { seriesLabels, type SeriesLabel } from './catalogue.ts';

/**
 * The one shape every ingestion format is turned into (JSON, remote write, OTLP, the demo seed), and
 * the checks every point goes through whatever its format (decision 091).
 */
export interface PointIn {
  order_number: string;
  metric: string;
  labels: Partial<Record<SeriesLabel, string>>;
  /** Epoch seconds (a millisecond survives). */
  ts: number;
  value: number;
  /** The value is already a per-second rate (an OTLP delta sum), not a counter reading. */
  rate?: boolean;
  /** Its place in the request, when the format's own numbering differs from this list's. */
  index?: number;
}

/** A point the format could not even read: its place in the request and why. */
export interface Rejected {
  index: number;
  errors: FieldErrors;
}

const { metricNamePattern, maxPointText: maxMetricName, maxPointText: maxLabelValue } = metrics;

export const messages = {
  metric: 'A metric name has letters, digits, _ and : only, and does not start with a digit.',
  labels: `Only ${seriesLabels.join(' and ')} label a series.`,
  labelValue: `A label value is text of 1 to ${maxLabelValue} characters.`,
  ts: 'This value should be epoch seconds or an RFC 3339 time.',
  unknownOrder: 'Unknown order.',
  negativeCounter: 'A counter reading cannot be negative.',
  future: (minutes: number) => `This time is more than ${minutes} minutes in the future.`,
  tooOld: (oldest: string) => `This time is older than every tier keeps (the oldest kept is ${oldest}).`,
  noOrder: 'The portal_order label (or resource attribute portal.order) is missing.',
  notFinite: 'NaN and infinite values are not stored.',
  text: 'Names, labels and attributes are UTF-8 text without NUL characters.',
  tooManySeries: (max: number) =>
    `This order has ${max.toLocaleString('en-US')} series, the most it may have; points of a new series are not stored.`,
} as const;

const rfc3339 = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Epoch seconds from epoch seconds or an RFC 3339 time; undefined when it is neither. */
export function parseTs(value: unknown): number | undefined {
  if (typeof value === 'number')
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 1000) / 1000 : undefined;
  if (typeof value === 'string' && rfc3339.test(value)) {
    const ms = Date.parse(value);
    return Number.isFinite(ms) && ms >= 0 ? ms / 1000 : undefined;
  }
  return undefined;
}

/**
 * A name, label or attribute as sent: a string (JSON) or its bytes (protobuf, read as bytes so that
 * invalid UTF-8 is seen rather than replaced); null when PostgreSQL could not store it (decision 115).
 */
export function textOf(value: string | Uint8Array | undefined): string | null {
  if (value === undefined) return '';
  if (typeof value === 'string') return isStorableText(value) ? value : null;
  if (!isUtf8(value)) return null;
  const text = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('utf8');
  return text.includes('\u0000') ? null : text;
}

/** Keeps the labels that name a series' object (the others a feed adds, like job or instance, are not). */
export function seriesLabelsOf(all: Record<string, string>): Partial<Record<SeriesLabel, string>> {
  const out: Partial<Record<SeriesLabel, string>> = {};
  for (const key of seriesLabels) if (all[key] !== undefined) out[key] = all[key];
  return out;
}

/** Field errors of a point's own fields (not yet its order or time window), or null when it is well formed. */
export function checkPoint(p: PointIn): FieldErrors | null {
  const errors: FieldErrors = {};
  if (!p.order_number) errors.order_number = [m.required];
  else if (p.order_number.length > maxLabelValue) errors.order_number = [m.maxlength];
  if (!p.metric) errors.metric = [m.required];
  else if (p.metric.length > maxMetricName) errors.metric = [m.maxlength];
  else if (!metricNamePattern.test(p.metric)) errors.metric = [messages.metric];
  for (const value of Object.values(p.labels))
    if (typeof value !== 'string' || value.length === 0 || value.length > maxLabelValue)
      errors.labels = [messages.labelValue];
  if (!Number.isFinite(p.ts)) errors.ts = [messages.ts];
  // NaN (other than a staleness marker, which the decoders drop), +Inf and -Inf: no chart or sum can use them.
  if (!Number.isFinite(p.value)) errors.value = [messages.notFinite];
  return Object.keys(errors).length ? errors : null;
}

/** Canonical JSON of labels: sorted keys, so one series has one spelling. */
export const labelsKey = (labels: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
