import { afterEach, describe, expect, it } from 'vitest';

import { parseViewer, readAccountCookie, rememberAccount, rememberViewer, viewerCookie } from './render-cookies.ts';
import { currentViewer } from './formats.ts';
import { readCookie } from './cookie.ts';

const clear = () => {
  for (const name of ['portalAccount', viewerCookie])
    document.cookie = `${name}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
};
afterEach(clear);

describe('the cookies the server renders a signed-in page by (decision 109)', () => {
  it('reads back the viewer the browser wrote', () => {
    rememberViewer();
    const viewer = currentViewer();
    expect(readCookie(viewerCookie)).toBe(`${viewer.locale}|${viewer.timeZone}`);
    expect(parseViewer(readCookie(viewerCookie))).toEqual(viewer);
  });

  it('refuses a viewer Intl does not know, or not in the form locale|time zone', () => {
    expect(parseViewer('de-DE|Europe/Berlin')).toEqual({ locale: 'de-DE', timeZone: 'Europe/Berlin' });
    for (const text of [null, '', 'de-DE', 'de-DE|Mars/Olympus', 'not a locale!|UTC', 'de-DE|UTC|x']) {
      expect(parseViewer(text)).toBeNull();
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
