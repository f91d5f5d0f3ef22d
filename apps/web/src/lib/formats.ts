/**
 * Display formats of spec core.md section 9, in one place (decision 087). Dates come from the API as
 * 'YYYY-MM-DD' strings (bill and due dates: billing periods) or epoch seconds (everything timed).
 *
 * - Patterns the spec gives (MM.DD.YYYY, M/d/yy, M/d/yy h:mma) are kept as written; the month name
 *   and a time of day without a spec pattern follow the viewer's locale.
 * - Moments (epoch seconds) are shown in the viewer's time zone.
 * - Billing dates ('YYYY-MM-DD') are calendar dates of the account's billing period as the server
 *   states them: shown as written, never moved by the viewer's time zone.
 * - Money is in the account's currency (dollars, by the spec) with the viewer's locale.
 */

import { serverContext } from './server-context.ts';

/** Who is looking: a BCP 47 locale and an IANA time zone. */
export interface Viewer {
  locale: string;
  timeZone: string;
}

const fallbackLocale = 'en-US';

/** The first of the browser's languages that Intl supports, else en-US. */
function browserLocale(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const wanted = nav?.languages?.length ? [...nav.languages] : nav?.language ? [nav.language] : [];
  for (const tag of wanted) {
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // A malformed tag: try the next one.
    }
  }
  return fallbackLocale;
}

// Every formatted value asks for the viewer, and resolving it (supportedLocalesOf, a DateTimeFormat for
// the time zone) is among the costliest work of a page's first render on a phone: it is resolved once
// per list of languages (the list changes only when the user changes the browser's languages).
let browserViewer: { languages: string; viewer: Viewer } | undefined;

/**
 * The viewer: the browser's preferred locale (navigator.languages) and its time zone. On the server, the
 * viewer the browser wrote in its cookie, so the server's HTML reads as the browser will render it.
 */
export function currentViewer(): Viewer {
  const rendering = serverContext();
  if (rendering) return rendering.viewer;
  const languages = typeof navigator === 'undefined' ? '' : String(navigator.languages ?? navigator.language);
  if (browserViewer?.languages !== languages) {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    browserViewer = { languages, viewer: { locale: browserLocale(), timeZone } };
  }
  return browserViewer.viewer;
}

/**
 * One formatter per locale and options: creating an Intl formatter costs far more than using one, and
 * every formatted value asks for one.
 */
function cachedFormatter<O, F>(Formatter: new (locale: string, options: O) => F): (locale: string, options: O) => F {
  const made = new Map<string, F>();
  return (locale, options) => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = new Formatter(locale, options);
      made.set(key, format);
    }
    return format;
  };
}

const dateFormatter = cachedFormatter<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>(Intl.DateTimeFormat);
export const numberFormatter = cachedFormatter<Intl.NumberFormatOptions, Intl.NumberFormat>(Intl.NumberFormat);

/** Newer ICU puts a narrow no-break space before AM/PM; pages and searches expect a plain space. */
const plainSpaces = (text: string) => text.replace(/\u202f/g, ' ');

/** A calendar date or a wall-clock time (month 1-12, hour 0-23). */
interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall clock in `timeZone` at a moment. */
function wallClock(epochSeconds: number, timeZone: string): WallClock | null {
  if (!Number.isFinite(epochSeconds)) return null;
  const parts = dateFormatter('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(epochSeconds * 1000);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** A 'YYYY-MM-DD' string as written (a billing date), or null when it is not a real date. */
function readCalendarDate(text: string): WallClock | null {
  const match = calendarDate.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day, hour: 0, minute: 0 };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Money in the account's currency (dollars, by the spec) and the viewer's locale: 2 decimals by
 * default; a rate with more decimals keeps them (up to 6). */
export function formatMoney(value: number, currency = 'USD', viewer: Viewer = currentViewer()): string {
  const decimals = Math.min(Math.max(decimalPlaces(value), 2), 6);
  // The locale's no-break space between amount and symbol (1.234,50 $) stays: they never part.
  return numberFormatter(viewer.locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/** Decimal places a number really has, ignoring floating-point noise beyond the 6th. */
function decimalPlaces(value: number): number {
  const text = Math.abs(value).toFixed(6).replace(/0+$/, '');
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** Chart values: negative prices are shown as 0. */
export const chartPrice = (value: number) => (value < 0 ? 0 : value);

/**
 * MM.DD.YYYY (the spec's format). A 'YYYY-MM-DD' string is a billing date and shows as written;
 * epoch seconds show the day in the viewer's time zone; '' when missing or unreadable.
 */
export function formatDate(value: string | number | null | undefined, viewer: Viewer = currentViewer()): string {
  if (value === null || value === undefined || value === '') return '';
  let date: WallClock | null;
  if (typeof value === 'number') date = wallClock(value, viewer.timeZone);
  else {
    date = readCalendarDate(value);
    if (!date && !calendarDate.test(value)) {
      const millis = Date.parse(value);
      date = Number.isNaN(millis) ? null : wallClock(millis / 1000, viewer.timeZone);
    }
  }
  return date ? `${pad(date.month)}.${pad(date.day)}.${date.year}` : '';
}

/** MM.DD.YYYY and the time of day in the viewer's locale (11:05 PM, 23:05), in the viewer's time
 * zone; '' when missing. */
export function formatDateTime(epochSeconds: number | null | undefined, viewer: Viewer = currentViewer()): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return '';
  const time = dateFormatter(viewer.locale, {
    timeZone: viewer.timeZone,
    timeStyle: 'short',
  }).format(epochSeconds * 1000);
  return `${formatDate(epochSeconds, viewer)} ${plainSpaces(time)}`;
}

const fortyFiveDays = 45 * 24 * 60 * 60;

/** Date axis of a chart covering `rangeSeconds`: M/d/yy up to 45 days, otherwise the month name. */
export function axisDateFormat(rangeSeconds: number): 'M/D/YY' | 'MMMM' {
  return rangeSeconds <= fortyFiveDays ? 'M/D/YY' : 'MMMM';
}

const shortDate = (d: WallClock) => `${d.month}/${d.day}/${pad(d.year % 100)}`;

/** An axis date in the viewer's time zone: M/d/yy, or the month name in the viewer's locale. */
export function formatAxisDate(epochSeconds: number, rangeSeconds: number, viewer: Viewer = currentViewer()): string {
  if (axisDateFormat(rangeSeconds) === 'MMMM') {
    return dateFormatter(viewer.locale, { timeZone: viewer.timeZone, month: 'long' }).format(epochSeconds * 1000);
  }
  const date = wallClock(epochSeconds, viewer.timeZone);
  return date ? shortDate(date) : '';
}

/** A chart's data point: M/d/yy h:mma (the spec's pattern), e.g. 3/5/24 2:07pm, in the viewer's zone. */
export function formatDataPoint(epochSeconds: number, viewer: Viewer = currentViewer()): string {
  const date = wallClock(epochSeconds, viewer.timeZone);
  if (!date) return '';
  const hour12 = date.hour % 12 === 0 ? 12 : date.hour % 12;
  return `${shortDate(date)} ${hour12}:${pad(date.minute)}${date.hour < 12 ? 'am' : 'pm'}`;
}

function scaled(value: number, base: number, units: readonly string[], decimals: number): string {
  let unit = 0;
  let amount = Math.abs(value);
  while (amount >= base && unit < units.length - 1) {
    amount /= base;
    unit += 1;
  }
  const rounded = Number(amount.toFixed(decimals));
  return `${value < 0 ? '-' : ''}${rounded} ${units[unit]}`;
}

/** A count or quantity in the viewer's locale, with up to `maximumFractionDigits` decimals. */
export const formatCount = (value: number, maximumFractionDigits = 0, viewer: Viewer = currentViewer()) =>
  numberFormatter(viewer.locale, { maximumFractionDigits }).format(value);

/** Bytes with base 1024 (VMs, memory, storage profiles). */
export const formatBytes = (bytes: number, decimals = 2) =>
  scaled(bytes, 1024, ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'], decimals);

/** Storage priced per GB, shown in GB (1024³ bytes, as the API prices it) so it reads against the rate. */
export const formatGigabytes = (bytes: number, decimals = 1) =>
  `${numberFormatter(currentViewer().locale, { maximumFractionDigits: decimals }).format(bytes / 1024 ** 3)} GB`;

/** Hertz with base 1000. */
export const formatHertz = (hertz: number, decimals = 2) =>
  scaled(hertz, 1000, ['Hz', 'KHz', 'MHz', 'GHz', 'THz'], decimals);

/** Bit rates with base 1000 (network traffic). */
export const formatBitRate = (bitsPerSecond: number, decimals = 2) =>
  scaled(bitsPerSecond, 1000, ['bps', 'Kbps', 'Mbps', 'Gbps', 'Tbps'], decimals);

/** Progress circles show the percent rounded to the nearest 5. */
export const roundToNearest5 = (percent: number) => Math.round(percent / 5) * 5;

/** Layout columns of a chart grid: 2 for 1, 2 or 4 items, else 3. */
export const chartColumns = (count: number) => (count === 1 || count === 2 || count === 4 ? 2 : 3);
