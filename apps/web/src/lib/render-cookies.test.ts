import { afterEach, describe, expect, it } from 'vitest';

import { parseTimeZone, readAccountCookie, rememberAccount, rememberViewer, viewerCookie } from './render-cookies.ts';
import { currentViewer } from './formats.ts';
import { readCookie } from './cookie.ts';

const clear = () => {
  for (const name of ['portalAccount', viewerCookie])
    document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
};
afterEach(clear);

describe('the cookies the server renders a signed-in page by (decision 109)', () => {
  it("reads back the viewer's time zone the browser wrote (the locale is the server's own)", () => {
    rememberViewer();
    const viewer = currentViewer();
    expect(readCookie(viewerCookie)).toBe(viewer.timeZone);
    expect(parseTimeZone(readCookie(viewerCookie))).toBe(viewer.timeZone);
  });

  it('refuses a time zone Intl does not know', () => {
    expect(parseTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    for (const text of [null, '', 'Mars/Olympus', 'de-DE|Europe/Berlin']) {
      expect(parseTimeZone(text)).toBeNull();
    }
  });

  it('keeps the account chosen last, and reads only a positive whole id', () => {
    expect(readAccountCookie()).toBeNull();
    rememberAccount(42);
    expect(readAccountCookie()).toBe(42);
    for (const value of ['0', '-3', '1.5', 'abc']) {
      document.cookie = `portalAccount=${value}; Path=/`;
      expect(readAccountCookie()).toBeNull();
    }
  });
});
