import dayjs from 'dayjs';

/**
 * Chart ranges (spec services.md section 4): the dropdown offers a number of seconds back from now and
 * dates go over the wire as epoch seconds; a custom range picks calendar days. Whatever is picked is
 * exactly the range asked for and the range the time axis spans.
 */

export const DAY = 24 * 60 * 60;

export interface RangeOption {
  label: string;
  /** Seconds back from now. */
  seconds: number;
}

/** The range dropdown: a number of seconds back from now. */
export const rangeOptions: readonly RangeOption[] = [
  { label: 'Last day', seconds: DAY },
  { label: 'Last week', seconds: 7 * DAY },
  { label: 'Last month', seconds: 30 * DAY },
  { label: 'Last 3 months', seconds: 90 * DAY },
  { label: 'Last 6 months', seconds: 180 * DAY },
  { label: 'Last year', seconds: 365 * DAY },
];

/** Spec defaults: one month; network 1 day; usage-based 3 months; backup history 12 months. */
export const defaultRanges = { day: DAY, month: 30 * DAY, threeMonths: 90 * DAY, year: 365 * DAY } as const;

export interface ChartRange {
  /** Epoch seconds. */
  start: number;
  end: number;
}

/** Start and end in epoch seconds for `seconds` back from `nowMs`; the end is rounded down to the minute. */
export function rangeFor(seconds: number, nowMs = Date.now()): ChartRange {
  const end = Math.floor(nowMs / 60000) * 60;
  return { start: end - seconds, end };
}

/** The options of a chart whose default is not one of the standard ones (e.g. 12 months) get it added. */
export function optionsWith(seconds: number): readonly RangeOption[] {
  return rangeOptions.some((o) => o.seconds === seconds)
    ? rangeOptions
    : [...rangeOptions, { label: `Last ${Math.round(seconds / DAY)} days`, seconds }].sort(
        (a, b) => a.seconds - b.seconds,
      );
}

export const customRangeMessages = {
  from: 'Enter a start date.',
  to: 'Enter an end date.',
  order: 'The end date must not be before the start date.',
  future: 'The start date must not be in the future.',
  tooLong: 'The range is too long.',
} as const;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const validDate = (value: string) =>
  isoDate.test(value) && dayjs(value).isValid() && dayjs(value).format('YYYY-MM-DD') === value;

/**
 * A custom range from two calendar days (YYYY-MM-DD, the date inputs' value) in the viewer's zone:
 * from the start of `from` to the end of `to`, or to now when `to` is today. Null when invalid.
 */
export function customRange(from: string, to: string, nowMs = Date.now()): ChartRange | null {
  if (!validDate(from) || !validDate(to)) return null;
  const start = dayjs(from).startOf('day').unix();
  const endOfTo = dayjs(to).add(1, 'day').startOf('day').unix();
  const now = Math.floor(nowMs / 60000) * 60;
  const end = Math.min(endOfTo, now);
  return end > start ? { start, end } : null;
}

/** Today as the date inputs write it (YYYY-MM-DD, viewer's zone). */
export const inputDate = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD');

/** Lower-case words joined by hyphens: 'Traffic – WAN' → 'traffic-wan'. */
export function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'chart'
  );
}

/**
 * A chart download's file name: the chart and its range as calendar days,
 * e.g. traffic-wan_2026-11-23_2026-11-24.csv.
 */
export function chartFileName(title: string, range: ChartRange, extension = 'csv'): string {
  // The end is exclusive: a custom range to 11/20 ends at 00:00 on 11/21.
  return `${slug(title)}_${inputDate(range.start)}_${inputDate(range.end - 1)}.${extension}`;
}
