import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';

import {
  axisDateFormat,
  chartColumns,
  chartPrice,
  currentViewer,
  formatAxisDate,
  formatBytes,
  formatCount,
  formatDataPoint,
  formatDate,
  formatDateTime,
  formatBitRate,
  formatHertz,
  formatMoney,
  localeCookie,
  roundToNearest5,
  type Viewer,
} from './formats.ts';

/** Epoch seconds of a local date and time (the app shows times in the browser's zone). */
const local = (y: number, m: number, d: number, h = 0, min = 0) => dayjs(new Date(y, m - 1, d, h, min)).unix();

describe('formatMoney', () => {
  it('shows dollars with 2 decimals, in en-US by default', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(12, 'USD')).toBe('$12.00');
  });
  it('keeps the extra decimals a rate has, up to 6', () => {
    expect(formatMoney(0.0125, 'USD')).toBe('$0.0125');
    expect(formatMoney(0.123, 'USD')).toBe('$0.123');
    expect(formatMoney(1.23456789, 'USD')).toBe('$1.234568');
  });
  it('ignores floating-point noise', () => {
    expect(formatMoney(0.1 + 0.2, 'USD')).toBe('$0.30');
  });
  it('shows negative amounts with a minus sign', () => {
    expect(formatMoney(-5.5, 'USD')).toBe('-$5.50');
  });
});

describe('chartPrice', () => {
  it('shows negative chart prices as 0', () => {
    expect(chartPrice(-3)).toBe(0);
    expect(chartPrice(4.2)).toBe(4.2);
  });
});

describe('formatDate', () => {
  it('turns YYYY-MM-DD into MM.DD.YYYY without a time-zone shift', () => {
    expect(formatDate('2024-03-05')).toBe('03.05.2024');
    expect(formatDate('2023-12-31')).toBe('12.31.2023');
  });
  it('formats epoch seconds as MM.DD.YYYY', () => {
    expect(formatDate(local(2024, 7, 4, 23, 59))).toBe('07.04.2024');
  });
  it('is empty for missing or unreadable values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('shows MM.DD.YYYY with a 12-hour time', () => {
    expect(formatDateTime(local(2024, 7, 4, 23, 5))).toBe('07.04.2024 11:05 PM');
    expect(formatDateTime(local(2024, 1, 9, 0, 30))).toBe('01.09.2024 12:30 AM');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('chart dates', () => {
  const day = 24 * 60 * 60;
  it('uses M/d/yy on axes up to 45 days, the month name beyond', () => {
    expect(axisDateFormat(day)).toBe('M/D/YY');
    expect(axisDateFormat(45 * day)).toBe('M/D/YY');
    expect(axisDateFormat(45 * day + 1)).toBe('MMMM');
    expect(formatAxisDate(local(2024, 3, 5), 30 * day)).toBe('3/5/24');
    expect(formatAxisDate(local(2024, 3, 5), 90 * day)).toBe('March');
  });
  it('shows data points as M/d/yy h:mma', () => {
    expect(formatDataPoint(local(2024, 3, 5, 14, 7))).toBe('3/5/24 2:07pm');
    expect(formatDataPoint(local(2024, 11, 15, 0, 30))).toBe('11/15/24 12:30am');
  });
});

describe('units', () => {
  it('formats bytes with base 1024', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(1.25 * 1024 ** 4)).toBe('1.25 TB');
  });
  it('formats hertz with base 1000', () => {
    expect(formatHertz(999)).toBe('999 Hz');
    expect(formatHertz(1000)).toBe('1 KHz');
    expect(formatHertz(2_400_000_000)).toBe('2.4 GHz');
    expect(formatHertz(1024)).toBe('1.02 KHz');
  });
});

describe('roundToNearest5', () => {
  it('rounds a percent to the nearest 5', () => {
    expect(roundToNearest5(0)).toBe(0);
    expect(roundToNearest5(2.4)).toBe(0);
    expect(roundToNearest5(2.5)).toBe(5);
    expect(roundToNearest5(37)).toBe(35);
    expect(roundToNearest5(38)).toBe(40);
    expect(roundToNearest5(100)).toBe(100);
  });
});

describe('chartColumns', () => {
  it('uses 2 columns for 1, 2 or 4 items, else 3', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map(chartColumns)).toEqual([2, 2, 3, 2, 3, 3, 3, 3]);
  });
});

describe('formatBitRate', () => {
  it('scales bit rates with base 1000', () => {
    expect(formatBitRate(999)).toBe('999 bps');
    expect(formatBitRate(1500)).toBe('1.5 Kbps');
    expect(formatBitRate(2.5e9)).toBe('2.5 Gbps');
  });
});

describe("the portal's locale and the viewer's time zone (decisions 087, 120)", () => {
  const losAngeles: Viewer = { locale: 'en-US', timeZone: 'America/Los_Angeles' };
  const berlinInEnglish: Viewer = { locale: 'en-US', timeZone: 'Europe/Berlin' };
  const berlin: Viewer = { locale: 'de-DE', timeZone: 'Europe/Berlin' };
  // 2024-03-05 23:30 UTC: still the 5th in Los Angeles (15:30), already the 6th in Berlin (00:30).
  const nearMidnightUtc = Date.UTC(2024, 2, 5, 23, 30) / 1000;
  // 2024-03-06 00:15 UTC: the 5th in Los Angeles (16:15), the 6th in Berlin (01:15).
  const justAfterMidnightUtc = Date.UTC(2024, 2, 6, 0, 15) / 1000;

  it("shows a moment on the day and at the time of the viewer's zone", () => {
    expect(formatDate(nearMidnightUtc, losAngeles)).toBe('03.05.2024');
    expect(formatDate(nearMidnightUtc, berlinInEnglish)).toBe('03.06.2024');
    expect(formatDateTime(nearMidnightUtc, losAngeles)).toBe('03.05.2024 3:30 PM');
    expect(formatDateTime(nearMidnightUtc, berlinInEnglish)).toBe('03.06.2024 12:30 AM');
    expect(formatDateTime(justAfterMidnightUtc, losAngeles)).toBe('03.05.2024 4:15 PM');
    expect(formatDateTime(justAfterMidnightUtc, berlinInEnglish)).toBe('03.06.2024 1:15 AM');
  });

  it("shows billing dates as calendar dates, never moved by the viewer's zone", () => {
    for (const viewer of [losAngeles, berlinInEnglish]) {
      expect(formatDate('2024-03-06', viewer)).toBe('03.06.2024');
      expect(formatDate('2024-01-01', viewer)).toBe('01.01.2024');
      // A date the server sends with a UTC midnight stays that calendar date too.
      expect(formatDate('2024-03-06T00:00:00.000Z', viewer)).toBe('03.06.2024');
      expect(formatDate('2024-02-30', viewer)).toBe('');
    }
    expect(formatDate('2024-03-06', berlin)).toBe('06.03.2024');
    expect(formatDate('2024-03-06T00:00:00.000Z', berlin)).toBe('06.03.2024');
  });

  it('reads dates and numbers in one locale: never 12.01.2026 for 1 December beside 2.149,63 $', () => {
    // en-US, the default: the spec's patterns and dollars as written.
    expect(formatDate('2026-12-01', losAngeles)).toBe('12.01.2026');
    expect(formatMoney(2149.63, 'USD', losAngeles)).toBe('$2,149.63');
    // de-DE: its own day-month order beside its own grouping and decimal sign.
    expect(formatDate('2026-12-01', berlin)).toBe('01.12.2026');
    expect(formatMoney(2149.63, 'USD', berlin)).toBe('2.149,63\u00a0$');
    expect(formatDateTime(nearMidnightUtc, berlin)).toBe('06.03.2024 00:30');
    expect(formatCount(1234.5, 1, berlin)).toBe('1.234,5');
    // en-GB: day first too, with its own numbers.
    const london: Viewer = { locale: 'en-GB', timeZone: 'Europe/London' };
    expect(formatDate('2026-12-01', london)).toBe('01/12/2026');
    expect(formatMoney(2149.63, 'EUR', london)).toBe('€2,149.63');
  });

  it('shows money in its own currency, in the locale, amount and symbol kept together', () => {
    expect(formatMoney(1234.5, 'USD', losAngeles)).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR', losAngeles)).toBe('€1,234.50');
    expect(formatMoney(1234.5, 'USD', berlin)).toBe('1.234,50\u00a0$');
    expect(formatMoney(0.0125, 'USD', berlin)).toBe('0,0125\u00a0$');
    expect(formatMoney(-5.5, 'USD', berlin)).toBe('-5,50\u00a0$');
    expect(formatMoney(1234.5, 'EUR', berlin)).toBe('1.234,50\u00a0€');
    // A currency's own decimals: none for yen, unless a rate has them.
    expect(formatMoney(1234, 'JPY', losAngeles)).toBe('¥1,234');
    expect(formatMoney(0.5, 'JPY', losAngeles)).toBe('¥0.5');
  });

  it("keeps the spec's chart patterns in en-US, the locale's short dates in another, in the viewer's zone", () => {
    const day = 24 * 60 * 60;
    expect(formatAxisDate(nearMidnightUtc, 30 * day, losAngeles)).toBe('3/5/24');
    expect(formatAxisDate(nearMidnightUtc, 30 * day, berlinInEnglish)).toBe('3/6/24');
    expect(formatAxisDate(nearMidnightUtc, 30 * day, berlin)).toBe('6.3.24');
    expect(formatAxisDate(Date.UTC(2024, 2, 31, 23, 30) / 1000, 90 * day, losAngeles)).toBe('March');
    expect(formatAxisDate(Date.UTC(2024, 2, 31, 23, 30) / 1000, 90 * day, berlin)).toBe('April');
    expect(formatDataPoint(nearMidnightUtc, losAngeles)).toBe('3/5/24 3:30pm');
    expect(formatDataPoint(nearMidnightUtc, berlinInEnglish)).toBe('3/6/24 12:30am');
    expect(formatDataPoint(nearMidnightUtc, berlin)).toBe('6.3.24 00:30');
  });

  it("reads the portal's locale from the document's cookie, never the browser's languages", () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    try {
      expect(currentViewer().locale).toBe('en-US');
      expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
      document.cookie = `${localeCookie}=de-DE; Path=/`;
      expect(currentViewer().locale).toBe('de-DE');
      expect(formatDate('2026-12-01')).toBe('01.12.2026');
      expect(formatMoney(2149.63, 'USD')).toBe('2.149,63\u00a0$');
      expect(formatBytes(1.5 * 1024 ** 3)).toBe('1,5 GB');
      expect(currentViewer().timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      languages.mockRestore();
      document.cookie = `${localeCookie}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
    }
    expect(currentViewer().locale).toBe('en-US');
  });

  it('falls back to en-US when the cookie names no locale Intl knows', () => {
    try {
      for (const text of ['not a tag!', 'xx-Nowhere', 'de-de']) {
        document.cookie = `${localeCookie}=${encodeURIComponent(text)}; Path=/`;
        expect(currentViewer().locale).toBe('en-US');
      }
    } finally {
      document.cookie = `${localeCookie}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
    }
  });

  it('counts with up to the given decimals in the locale', () => {
    expect(formatCount(1234.4)).toBe('1,234');
    expect(formatCount(1234.5678, 3)).toBe('1,234.568');
    expect(formatCount(0.5, 4)).toBe('0.5');
    expect(formatCount(1234.5, 1, { locale: 'de-DE', timeZone: 'UTC' })).toBe('1.234,5');
  });
});
