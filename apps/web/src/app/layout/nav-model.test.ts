import { describe, expect, it } from 'vitest';

import { activeLink, buildNav, hidesPageWithoutAccounts } from './nav-model.ts';

const base = {
  user: { uss_admin_level: 0 },
  accounts: [{ is_account_admin: false, require_pin: false }],
  productGroups: [{ label: 'Backup', path: 'backup', codes: ['bs'] }],
  categories: [
    { id: 1, title: 'Guides', parentCat: null },
    { id: 2, title: 'Backup guides', parentCat: 1 },
    { id: 3, title: 'News', parentCat: null },
  ],
};

describe('buildNav', () => {
  it('always has All Services, then one link per product group', () => {
    expect(buildNav(base).services).toEqual([
      { label: 'All Services', to: '/services' },
      { label: 'Backup', to: '/services/backup' },
    ]);
  });

  it('highlights only the most specific matching link', () => {
    const nav = buildNav(base);
    expect(activeLink(nav, '/services/backup')).toBe('/services/backup');
    expect(activeLink(nav, '/services')).toBe('/services');
    expect(activeLink(nav, '/invoices/pay')).toBe('/invoices/pay');
    expect(activeLink(nav, '/invoices/view/1/2')).toBe('/invoices');
    expect(activeLink(nav, '/resources/2')).toBe('/resources/2');
    expect(activeLink(nav, '/r/tickets/ticket/3')).toBeUndefined();
  });

  it('links the everyday pages first', () => {
    expect(buildNav(base).portal.map((l) => l.to)).toEqual([
      '/home/index',
      '/invoices',
      '/invoices/pay',
      '/notifications',
      '/tickets/index',
    ]);
  });

  it('nests child resource categories under their parent', () => {
    expect(buildNav(base).resources).toEqual([
      { label: 'Guides', to: '/resources/1', children: [{ label: 'Backup guides', to: '/resources/2' }] },
      { label: 'News', to: '/resources/3', children: [] },
    ]);
  });

  it('shows no role links to a plain user', () => {
    const nav = buildNav(base);
    expect(nav.account).toEqual([]);
    expect(nav.staff).toEqual([]);
  });

  it('shows manage users and accounts to an account administrator', () => {
    const nav = buildNav({
      ...base,
      accounts: [
        { is_account_admin: false, require_pin: false },
        { is_account_admin: true, require_pin: false },
      ],
    });
    expect(nav.account.map((l) => l.to)).toEqual(['/users', '/users/manage-accounts']);
  });

  it('shows compliance PINs when an account requires a PIN', () => {
    const nav = buildNav({ ...base, accounts: [{ is_account_admin: false, require_pin: true }] });
    expect(nav.account.map((l) => l.to)).toEqual(['/pins']);
  });

  it('shows staff links by admin level', () => {
    expect(buildNav({ ...base, adminLevel: 0 }).staff).toEqual([]);
    expect(buildNav({ ...base, adminLevel: 1 }).staff.map((l) => l.to)).toEqual([
      '/admin/account-access',
      '/admin/chart-styles',
    ]);
    expect(buildNav({ ...base, adminLevel: 2 }).staff.map((l) => l.to)).toEqual([
      '/admin/account-access',
      '/admin/chart-styles',
    ]);
    expect(buildNav({ ...base, adminLevel: 3 }).staff.map((l) => l.to)).toEqual([
      '/admin/account-access',
      '/admin/login-as-user',
      '/admin/integration',
      '/admin/snmp-devices',
      '/admin/prometheus-sources',
      '/admin/connectors',
      '/admin/provider-profile',
      '/admin/chart-styles',
    ]);
    expect(buildNav({ ...base, user: { uss_admin_level: 3 } }).staff).toHaveLength(8);
  });
});

describe('hidesPageWithoutAccounts', () => {
  it('hides pages of a user without accounts, except the login, admin, users and inquire areas', () => {
    expect(hidesPageWithoutAccounts('/home/index', 0)).toBe(true);
    expect(hidesPageWithoutAccounts('/', 0)).toBe(true);
    expect(hidesPageWithoutAccounts('/invoices', 0)).toBe(true);
    for (const path of ['/login', '/admin/account-access', '/users/update-profile', '/inquire/feedback/x']) {
      expect(hidesPageWithoutAccounts(path, 0)).toBe(false);
    }
  });
  it('never hides pages of a user with accounts', () => {
    expect(hidesPageWithoutAccounts('/home/index', 2)).toBe(false);
  });
});
