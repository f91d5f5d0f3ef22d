/**
 * How a calendar day and an amount of money read, for the app's pages and the server's documents alike
 * (decisions 087, 120). The portal has one locale for dates and numbers, so a date never reads in one
 * locale beside an amount in another. In the default locale, en-US, the spec's patterns stand as written
 * (MM.DD.YYYY, M/d/yy); any other locale writes its own numeric date. Money is always in its currency
 * (ISO 4217), with its own decimals or, for a rate that has more, up to 6.
 *
 * No schemas here: the app's first load imports it without zod (decision 112).
 */

/** The locale of the spec's formats, and the portal's default. */
export const defaultLocale = 'en-US';

/** A calendar day (month 1-12). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * One formatter per locale and options: creating an Intl formatter costs far more than using one, and
 * every formatted value asks for one.
 */
export function cachedFormatter<O, F>(Formatter: new (locale: string, options: O) => F) {
  const made = new Map<string, F>();
  return (locale: string, options: O): F => {
    const key = `${locale}|${JSON.stringify(options)}`;
    let format = made.get(key);
    if (!format) {
      format = new Formatter(locale, options);
      made.set(key, format);
    }
    return format;
  };
}

export const dateFormatter = cachedFormatter<Intl.DateTimeFormatOptions, Intl.DateTimeFormat>(Intl.DateTimeFormat);
export const numberFormatter = cachedFormatter<Intl.NumberFormatOptions, Intl.NumberFormat>(Intl.NumberFormat);

/** The locale as Intl knows it (a BCP 47 tag it supports), or null. */
export function supportedLocale(tag: string): string | null {
  try {
    const [supported] = Intl.NumberFormat.supportedLocalesOf(tag);
    return supported ?? null;
  } catch {
    return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcDay = (d: CalendarDay) => Date.UTC(d.year, d.month - 1, d.day);

/** A day: MM.DD.YYYY in the default locale (the spec's), else the locale's (de-DE 01.12.2026, en-GB 01/12/2026). */
export function dayText(d: CalendarDay, locale: string): string {
  if (locale === defaultLocale) return `${pad(d.month)}.${pad(d.day)}.${d.year}`;
  return dateFormatter(locale, { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    utcDay(d),
  );
}

/** A short day: M/d/yy in the default locale (the spec's chart format), else the locale's (de-DE 1.12.26). */
export function shortDayText(d: CalendarDay, locale: string): string {
  if (locale === defaultLocale) return `${d.month}/${d.day}/${pad(d.year % 100)}`;
  return dateFormatter(locale, { timeZone: 'UTC', year: '2-digit', month: 'numeric', day: 'numeric' }).format(
    utcDay(d),
  );
}

/** Decimal places a number really has, ignoring floating-point noise beyond the 6th. */
function decimalPlaces(value: number): number {
  const text = Math.abs(value).toFixed(6).replace(/0+$/, '');
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/**
 * An amount in its currency and the locale: the currency's own decimals (2 for dollars and euros, 0 for
 * yen), more when a rate has them (up to 6). The locale's no-break space between amount and symbol
 * (1.234,50 €) stays: they never part.
 */
export function moneyText(value: number, currency: string, locale: string): string {
  const minorUnits = numberFormatter(locale, { style: 'currency', currency }).resolvedOptions()
    .minimumFractionDigits as number;
  const decimals = Math.min(Math.max(decimalPlaces(value), minorUnits), 6);
  return numberFormatter(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
