import { describe, expect, it } from 'vitest';

import { portalReturnPath } from './return-path.ts';

describe('portalReturnPath', () => {
  it('accepts router paths and /portal paths, with a query', () => {
    expect(portalReturnPath('/invoices/index')).toBe('/invoices/index');
    expect(portalReturnPath('/portal/invoices/view/1/2')).toBe('/invoices/view/1/2');
    expect(portalReturnPath('/services/network?page=2')).toBe('/services/network?page=2');
    expect(portalReturnPath('/portal')).toBe('/');
  });

  it('refuses anything outside the portal', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'invoices/index',
      '/portal/../api/x',
      '/a/../../x',
      '/a b',
      '',
      null,
      undefined,
    ]) {
      expect(portalReturnPath(bad)).toBeNull();
    }
  });
});
