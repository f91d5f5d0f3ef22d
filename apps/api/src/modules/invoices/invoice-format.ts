/**
 * Formats of what the server writes into documents (the PDF), matching the app's display rules
 * (spec core.md section 9): dollars with 2 decimals, dates as MM.DD.YYYY.
 */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export const money = (value: number) => dollars.format(value);

/** 'YYYY-MM-DD' → 'MM.DD.YYYY' (calendar dates need no time zone). */
export const displayDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-');
  return `${month}.${day}.${year}`;
};

/** Today's calendar date in UTC as 'YYYY-MM-DD', from epoch milliseconds. */
export const isoDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);
