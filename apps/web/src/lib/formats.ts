/**
 * Display formats of spec core.md section 9, in one place (decisions 087, 120). Dates come from the API as
 * 'YYYY-MM-DD' strings (bill and due dates: billing periods) or epoch seconds (everything timed).
 *
 * - One locale for dates and numbers, the portal's (the server's PORTAL_LOCALE, decision 120): a date
 *   never reads in one locale beside an amount in another. In en-US, the default, the spec's patterns
 *   stand as written (MM.DD.YYYY, M/d/yy, M/d/yy h:mma); another locale writes its own numeric dates.
 * - Moments (epoch seconds) are shown in the viewer's time zone (the browser's).
 * - Billing dates ('YYYY-MM-DD') are calendar dates of the account's billing period as the server
 *   states them: shown as that day, never moved by the viewer's time zone.
 * - Money is always in its currency (the account's, ISO 4217): the caller passes it.
 */

import {
  dateFormatter,
  dayText,
  defaultLocale,
  moneyText,
  numberFormatter,
  shortDayText,
  supportedLocale,
} from '@portal/contract/display';

import { readCookie } from './cookie.ts';
import { serverContext } from './server-context.ts';

export { numberFormatter };

/** Who is looking: the portal's locale (BCP 47) and the viewer's IANA time zone. */
export interface Viewer {
  locale: string;
  timeZone: string;
}

/**
 * The cookie the server states the portal's locale in, on every document it serves (decision 120): the
 * app formats with the locale the server rendered with, whatever the browser's language.
 */
export const localeCookie = 'portalLocale';

/** The portal's locale the document came with; en-US without one (a build served by another server). */
function documentLocale(): string {
  const tag = readCookie(localeCookie);
  return tag && supportedLocale(tag) === tag ? tag : defaultLocale;
}

// Every formatted value asks for the viewer, and resolving it (the locale's check, a DateTimeFormat for
// the time zone) is among the costliest work of a page's first render on a phone: it is resolved once
// per cookie text (the locale changes only with a new document).
let browserViewer: { cookies: string; viewer: Viewer } | undefined;

/**
 * The viewer: the portal's locale (from the document's cookie) and the browser's time zone. On the server,
 * the render's viewer: the server's locale and the zone the browser wrote in its cookie, so the server's
 * HTML reads as the browser will render it.
 */
export function currentViewer(): Viewer {
  const rendering = serverContext();
  if (rendering) return rendering.viewer;
  const cookies = typeof document === 'undefined' ? '' : document.cookie;
  if (browserViewer?.cookies !== cookies) {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    browserViewer = { cookies, viewer: { locale: documentLocale(), timeZone } };
  }
  return browserViewer.viewer;
}

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

/**
 * An amount in its currency (ISO 4217: the account's, which every call that returns amounts states) and
 * the portal's locale: the currency's decimals; a rate with more keeps them (up to 6).
 */
export const formatMoney = (value: number, currency: string, viewer: Viewer = currentViewer()): string =>
  moneyText(value, currency, viewer.locale);

/** Chart values: negative prices are shown as 0. */
export const chartPrice = (value: number) => (value < 0 ? 0 : value);

/**
 * A day: MM.DD.YYYY in en-US (the spec's format), else the locale's numeric date (de-DE 01.12.2026). A
 * 'YYYY-MM-DD' string is a billing date and shows as that day; epoch seconds show the day in the viewer's
 * time zone; '' when missing or unreadable.
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
  return date ? dayText(date, viewer.locale) : '';
}

/** The day and the time of day in the locale (12.05.2026 11:05 PM, 05.12.2026 23:05), in the viewer's
 * time zone; '' when missing. */
export function formatDateTime(epochSeconds: number | null | undefined, viewer: Viewer = currentViewer()): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return '';
  const time = dateFormatter(viewer.locale, {
    timeZone: viewer.timeZone,
    timeStyle: 'short',
  }).format(epochSeconds * 1000);
  return `${formatDate(epochSeconds, viewer)} ${plainSpaces(time)}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

const fortyFiveDays = 45 * 24 * 60 * 60;

/** Date axis of a chart covering `rangeSeconds`: M/d/yy up to 45 days, otherwise the month name. */
export function axisDateFormat(rangeSeconds: number): 'M/D/YY' | 'MMMM' {
  return rangeSeconds <= fortyFiveDays ? 'M/D/YY' : 'MMMM';
}

/** An axis date in the viewer's time zone: M/d/yy in en-US (the locale's short date in another), or the
 * month name in the locale. */
export function formatAxisDate(epochSeconds: number, rangeSeconds: number, viewer: Viewer = currentViewer()): string {
  if (axisDateFormat(rangeSeconds) === 'MMMM') {
    return dateFormatter(viewer.locale, { timeZone: viewer.timeZone, month: 'long' }).format(epochSeconds * 1000);
  }
  const date = wallClock(epochSeconds, viewer.timeZone);
  return date ? shortDayText(date, viewer.locale) : '';
}

/**
 * A chart's data point in the viewer's zone: M/d/yy h:mma in en-US (the spec's pattern), e.g. 3/5/24
 * 2:07pm; in another locale its short date and time (de-DE 6.3.24, 14:07).
 */
export function formatDataPoint(epochSeconds: number, viewer: Viewer = currentViewer()): string {
  const date = wallClock(epochSeconds, viewer.timeZone);
  if (!date) return '';
  if (viewer.locale !== defaultLocale) {
    const time = dateFormatter(viewer.locale, { timeZone: viewer.timeZone, timeStyle: 'short' });
    return `${shortDayText(date, viewer.locale)} ${plainSpaces(time.format(epochSeconds * 1000))}`;
  }
  const hour12 = date.hour % 12 === 0 ? 12 : date.hour % 12;
  return `${shortDayText(date, viewer.locale)} ${hour12}:${pad(date.minute)}${date.hour < 12 ? 'am' : 'pm'}`;
}

/** A value scaled to its unit, its decimal sign the locale's (no grouping: below the base, at most 4 digits). */
function scaled(value: number, base: number, units: readonly string[], decimals: number): string {
  let unit = 0;
  let amount = Math.abs(value);
  while (amount >= base && unit < units.length - 1) {
    amount /= base;
    unit += 1;
  }
  const rounded = numberFormatter(currentViewer().locale, { maximumFractionDigits: decimals, useGrouping: false });
  return `${value < 0 ? '-' : ''}${rounded.format(Number(amount.toFixed(decimals)))} ${units[unit]}`;
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
