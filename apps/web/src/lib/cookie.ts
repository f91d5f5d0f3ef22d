import { serverContext } from './server-context.ts';

/** Minimal cookie access for the portal's own cookies (the token, the account shown, the viewer). */
export function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  // On the server, the cookies of the request the page is rendered for.
  const cookies = serverContext()?.cookies ?? document.cookie;
  for (const part of cookies.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, expires: Date): void {
  // Secure only over https so local http development still works (spec: insecure cookie in dev).
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Expires=${expires.toUTCString()}; Path=/; SameSite=Strict${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Strict`;
}
