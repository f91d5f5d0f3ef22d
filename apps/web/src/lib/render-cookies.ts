import { readCookie, writeCookie } from './cookie.ts';
import { currentViewer } from './formats.ts';

/**
 * Besides the token, the server renders a signed-in page by two cookies the browser writes (decision
 * 109): the account the pages show (kept in storage too) and the viewer's time zone, so the server's
 * moments and account read as the browser would render them. The locale is the server's own (decision 120).
 */
export const accountCookie = 'portalAccount';
export const viewerCookie = 'portalViewer';

/** A year: both are preferences of this browser, not part of the session. */
const keep = () => new Date(Date.now() + 365 * 24 * 3600 * 1000);

export function rememberAccount(accountId: number): void {
  writeCookie(accountCookie, String(accountId), keep());
}

export function readAccountCookie(): number | null {
  const value = Number(readCookie(accountCookie));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Writes this browser's time zone when the cookie does not already say it (every start of the app). */
export function rememberViewer(): void {
  const { timeZone } = currentViewer();
  if (readCookie(viewerCookie) !== timeZone) writeCookie(viewerCookie, timeZone, keep());
}

/** The time zone the browser wrote, or null when absent or not one Intl knows. */
export function parseTimeZone(text: string | null): string | null {
  if (!text) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: text });
    return text;
  } catch {
    return null;
  }
}
