import { describe, expect, it } from 'vitest';

import { safeReturnPath, withReturnPath } from './return-path.ts';

const origin = 'https://portal.example.com';

describe('safeReturnPath', () => {
  it('keeps an app path with its query and hash', () => {
    expect(safeReturnPath('/invoices?page=3#top', origin)).toBe('/invoices?page=3#top');
    expect(safeReturnPath('/tickets/view/42', origin)).toBe('/tickets/view/42');
  });

  it.each([
    'https://evil.example/x',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'invoices',
    '',
    null,
    '/login',
    '/login/session?next=/x',
    '/logout',
    '/s/index',
    '/',
  ])('refuses %s', (value) => {
    expect(safeReturnPath(value, origin)).toBeNull();
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnPath('/a/../invoices', origin)).toBe('/invoices');
  });
});

describe('withReturnPath', () => {
  it('attaches an encoded next', () => {
    expect(withReturnPath('/login', '/invoices?page=2', origin)).toBe('/login?next=%2Finvoices%3Fpage%3D2');
  });
  it('leaves the login path alone for the home page', () => {
    expect(withReturnPath('/login/session', '/', origin)).toBe('/login/session');
  });
});
