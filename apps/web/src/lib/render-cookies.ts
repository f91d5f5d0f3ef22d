import { readCookie, writeCookie } from './cookie.ts';
import type { Viewer } from './formats.ts';
import { currentViewer } from './formats.ts';

/**
 * Besides the token, the server renders a signed-in page by two cookies the browser writes (decision
 * 109): the account the pages show (kept in storage too) and the viewer (locale and time zone), so the
 * server's dates, money and account read as the browser would render them.
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

const viewerText = (viewer: Viewer) => `${viewer.locale}|${viewer.timeZone}`;

/** Writes this browser's viewer when the cookie does not already say it (every start of the app). */
export function rememberViewer(): void {
  const text = viewerText(currentViewer());
  if (readCookie(viewerCookie) !== text) writeCookie(viewerCookie, text, keep());
}

/** The viewer the browser wrote, or null when absent or not a locale and time zone Intl knows. */
export function parseViewer(text: string | null): Viewer | null {
  const [locale, timeZone, ...rest] = (text ?? '').split('|');
  if (!locale || !timeZone || rest.length) return null;
  try {
    const [supported] = Intl.NumberFormat.supportedLocalesOf(locale);
    new Intl.DateTimeFormat(supported, { timeZone });
    return supported === locale ? { locale, timeZone } : null;
  } catch {
    return null;
  }
}
