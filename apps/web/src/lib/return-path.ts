/**
 * Where to go after sign-in: the page the user asked for (a deep link, a link in an e-mail), carried
 * through the sign-in page as `?next=`. Only a path of this app on this origin is followed, never
 * another site (an open redirect would let a crafted link send a freshly signed-in user anywhere).
 */
import { basePath } from '../config/paths.ts';

export const nextParam = 'next';

/** The router path of the page shown now (window.location without the /portal base). */
export function currentAppPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname.replace(new RegExp(`^${basePath}(?=/|$)`), '') + search + hash;
}

/** Sign-in pages themselves are never a destination (that would loop back to the form). */
const notDestinations = /^\/(login|logout|s\/index)(\/|$|\?)/;

/** The app path in `value`, or null when it is not a same-origin path of the app. */
export function safeReturnPath(value: string | null | undefined, origin: string): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = url.pathname + url.search + url.hash;
  if (notDestinations.test(path) || path === '/') return null;
  return path;
}

/** `loginPath` with the page to come back to (the current one) attached. */
export function withReturnPath(loginPath: string, returnTo: string, origin: string): string {
  const path = safeReturnPath(returnTo, origin);
  return path ? `${loginPath}?${nextParam}=${encodeURIComponent(path)}` : loginPath;
}
