import dayjs from 'dayjs';

/**
 * Display formats of spec core.md section 9, in one place. Dates come from the API as
 * 'YYYY-MM-DD' strings (bill and due dates) or epoch seconds (everything timed).
 */

/** Dollars: 2 decimals by default; a rate with more decimals keeps them (up to 6). */
export function formatMoney(value: number): string {
  const decimals = Math.min(Math.max(decimalPlaces(value), 2), 6);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
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

function toDayjs(value: string | number): dayjs.Dayjs {
  // dayjs reads 'YYYY-MM-DD' as a local calendar date (Date would read it as UTC midnight
  // and show the day before west of Greenwich).
  return typeof value === 'number' ? dayjs.unix(value) : dayjs(value);
}

/** MM.DD.YYYY from a 'YYYY-MM-DD' string or epoch seconds; '' when unreadable. */
export function formatDate(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDayjs(value);
  return date.isValid() ? date.format('MM.DD.YYYY') : '';
}

/** MM.DD.YYYY h:mm AM/PM from epoch seconds, in the browser's time zone; '' when missing. */
export function formatDateTime(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined) return '';
  return dayjs.unix(epochSeconds).format('MM.DD.YYYY h:mm A');
}

const fortyFiveDays = 45 * 24 * 60 * 60;

/** Date axis of a chart covering `rangeSeconds`: M/d/yy up to 45 days, otherwise the month name. */
export function axisDateFormat(rangeSeconds: number): 'M/D/YY' | 'MMMM' {
  return rangeSeconds <= fortyFiveDays ? 'M/D/YY' : 'MMMM';
}

export function formatAxisDate(epochSeconds: number, rangeSeconds: number): string {
  return dayjs.unix(epochSeconds).format(axisDateFormat(rangeSeconds));
}

/** A chart's data point: M/d/yy h:mma, e.g. 3/5/24 2:07pm. */
export function formatDataPoint(epochSeconds: number): string {
  return dayjs.unix(epochSeconds).format('M/D/YY h:mma');
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

/** Bytes with base 1024 (VMs, memory, storage profiles). */
export const formatBytes = (bytes: number, decimals = 2) =>
  scaled(bytes, 1024, ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'], decimals);

/** Storage priced per GB, shown in GB (1024³ bytes, as the API prices it) so it reads against the rate. */
export const formatGigabytes = (bytes: number, decimals = 1) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: decimals }).format(bytes / 1024 ** 3)} GB`;

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
