import type { Account, AuthenticatedUser, Product, ResourceCategory } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-error.ts';
import type { LoginDataFetchers } from './login-data.ts';
import { ensureLoginData, loadLoginData } from './login-data.ts';
import { forceReload, getSession, isLoginDataFresh, logout, saveLoginData } from './session.ts';
import { clearToken, getToken, saveToken } from './token.ts';

const user: AuthenticatedUser = {
  user_id: 1,
  email_nm: 'customer@demo.test',
  first_nm: 'Casey',
  last_nm: 'Customer',
  two_factor_enabled: false,
  uss_admin_level: 0,
  avatar: null,
  accounts_users: [{ account_id: 10, is_account_admin: false }],
};
const accounts: Account[] = [
  {
    account_id: 10,
    account_number: '100010',
    name: 'Acme HQ',
    is_active: true,
    require_pin: false,
    account_status_cd: 'A',
    is_account_admin: false,
    is_2fa_required: false,
    currency: 'USD',
  },
];
const products: Product[] = [
  {
    product_cd: 'bs',
    product: 'Backup',
    short_product_name: 'Backup',
    product_controller: 'bs',
    product_group: 'Backup',
    active: true,
  },
];
const categories: ResourceCategory[] = [{ id: 1, title: 'Guides', parentCat: null }];

/** Fetchers that succeed, except `user` which fails `failures` times first. */
function fetchers(failures = 0) {
  let calls = 0;
  const userFetcher = vi.fn(async () => {
    calls += 1;
    if (calls <= failures) throw new ApiError('SERVER_ERROR', 'down', 500);
    return user;
  });
  const set: LoginDataFetchers = {
    user: userFetcher,
    accounts: vi.fn(async () => accounts),
    products: vi.fn(async () => products),
    categories: vi.fn(async () => categories),
  };
  return { set, userFetcher };
}

const signIn = () => saveToken('header.e30.signature', Math.floor(Date.now() / 1000) + 3600);

beforeEach(() => {
  logout();
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
  clearToken();
});

describe('loadLoginData retries', () => {
  it('stores all four sets and the login time when they load', async () => {
    const { set } = fetchers();
    await expect(loadLoginData(set)).resolves.toBe('ok');
    const session = getSession();
    expect(session?.user.first_nm).toBe('Casey');
    expect(session?.accounts).toHaveLength(1);
    expect(session?.productGroups).toEqual([{ label: 'Backup', path: 'backup', codes: ['bs'] }]);
    expect(session?.categories).toEqual(categories);
    expect(session?.loginTime).toBeGreaterThan(0);
  });

  it('retries a failing set 300 ms apart and succeeds on the third attempt', async () => {
    vi.useFakeTimers();
    const { set, userFetcher } = fetchers(2);
    const result = loadLoginData(set);
    await vi.advanceTimersByTimeAsync(0);
    expect(userFetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(userFetcher).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(userFetcher).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(300);
    expect(userFetcher).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe('ok');
  });

  it('gives up after 3 attempts, signs out and reports the failure', async () => {
    vi.useFakeTimers();
    const { set, userFetcher } = fetchers(99);
    const result = loadLoginData(set);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe('failed');
    expect(userFetcher).toHaveBeenCalledTimes(3);
    expect(getToken()).toBeNull();
    expect(getSession()).toBeNull();
  });

  it('does not retry a refused session', async () => {
    const { set } = fetchers();
    const refused = vi.fn(async (): Promise<AuthenticatedUser> => {
      throw new ApiError('INVALID_TOKEN', 'expired', 401, {}, true);
    });
    await expect(loadLoginData({ ...set, user: refused })).resolves.toBe('session');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

describe('login data reuse', () => {
  it('reuses data fresher than 900 s and reloads older data', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
    saveLoginData({ user, accounts, products, categories });
    const { set, userFetcher } = fetchers();

    vi.setSystemTime(new Date('2026-01-01T10:14:59Z'));
    expect(isLoginDataFresh()).toBe(true);
    await expect(ensureLoginData(set)).resolves.toBe('ok');
    expect(userFetcher).not.toHaveBeenCalled();

    vi.setSystemTime(new Date('2026-01-01T10:15:00Z'));
    expect(isLoginDataFresh()).toBe(false);
    await expect(ensureLoginData(set)).resolves.toBe('ok');
    expect(userFetcher).toHaveBeenCalledTimes(1);
  });

  it('reloads on the next page load after forceReload()', async () => {
    saveLoginData({ user, accounts, products, categories });
    forceReload();
    expect(isLoginDataFresh()).toBe(false);
    const { set, userFetcher } = fetchers();
    await expect(ensureLoginData(set)).resolves.toBe('ok');
    expect(userFetcher).toHaveBeenCalledTimes(1);
    expect(isLoginDataFresh()).toBe(true);
  });

  it('sends visitors without a token to login, telling an expired session apart', async () => {
    const { set } = fetchers();
    clearToken();
    await expect(ensureLoginData(set)).resolves.toBe('anonymous');
    saveLoginData({ user, accounts, products, categories });
    await expect(ensureLoginData(set)).resolves.toBe('expired');
    expect(getSession()).toBeNull();
  });
});

describe('logout', () => {
  it('clears the token and everything stored', () => {
    saveLoginData({ user, accounts, products, categories });
    logout();
    expect(getToken()).toBeNull();
    expect(getSession()).toBeNull();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('portal.'))).toEqual([]);
  });
});
