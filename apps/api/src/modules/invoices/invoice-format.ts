import { dayText, moneyText } from '@portal/contract/display';

/**
 * Formats of what the server writes into documents (the PDF), by the app's display rules (decisions 087,
 * 120): the portal's locale (the provider profile's, else PORTAL_LOCALE) for dates and numbers, each amount in its currency.
 */
export const money = (value: number, currency: string, locale: string) => moneyText(value, currency, locale);

/** 'YYYY-MM-DD' in the locale (MM.DD.YYYY in en-US): calendar dates need no time zone. */
export const displayDate = (isoDate: string, locale: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return dayText({ year: year!, month: month!, day: day! }, locale);
};

/** Today's calendar date in UTC as 'YYYY-MM-DD', from epoch milliseconds. */
export const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);
