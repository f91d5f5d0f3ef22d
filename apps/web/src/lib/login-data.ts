import * as calls from '@portal/contract/routes';
import { sessionCodes, timing } from '@portal/contract';

import { isApiError } from './api-error.ts';
import { request } from './request.ts';
import type { LoginData } from './session.ts';
import { getSession, hasToken, isLoginDataFresh, logout, saveLoginData } from './session.ts';
import { withRetry } from './retry.ts';

export type LoginDataFetchers = { [K in keyof LoginData]: () => Promise<LoginData[K]> };

export const loginDataFetchers: LoginDataFetchers = {
  user: () => request(calls.users.getAuthenticatedUser, {}),
  accounts: () => request(calls.accounts.getAccounts, {}),
  products: () => request(calls.orders.getProducts, {}),
  categories: () => request(calls.resources.getResourceCategories, {}),
};

/** A dead session cannot be fixed by retrying; the request helper already sent the user to login. */
const isSessionError = (error: unknown) =>
  isApiError(error) && (sessionCodes as readonly string[]).includes(error.code);

export type LoadResult = 'ok' | 'failed' | 'session';

/**
 * Fetches the four login data sets in parallel, each tried up to 3 times 300 ms apart.
 * All ok: stores them with the login time. Any failure: signs out (the caller then goes to
 * /login/user-data, or /login/session when the token was refused).
 */
export async function loadLoginData(fetchers: LoginDataFetchers = loginDataFetchers): Promise<LoadResult> {
  const retry = <T>(task: () => Promise<T>) =>
    withRetry(task, {
      attempts: timing.loginDataAttempts,
      delayMs: timing.loginDataRetryDelayMs,
      shouldStop: isSessionError,
    });
  // allSettled: every set finishes its own attempts before the session is judged (and cleared).
  const [user, accountList, products, categories] = await Promise.allSettled([
    retry(fetchers.user),
    retry(fetchers.accounts),
    retry(fetchers.products),
    retry(fetchers.categories),
  ]);
  if (
    user.status === 'fulfilled' &&
    accountList.status === 'fulfilled' &&
    products.status === 'fulfilled' &&
    categories.status === 'fulfilled'
  ) {
    saveLoginData({
      user: user.value,
      accounts: accountList.value,
      products: products.value,
      categories: categories.value,
    });
    return 'ok';
  }
  const failures = [user, accountList, products, categories].filter(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  logout();
  return failures.some((r) => isSessionError(r.reason)) ? 'session' : 'failed';
}

export type SessionCheck = LoadResult | 'anonymous' | 'expired';

/**
 * What a protected page needs before it renders: a token (else 'anonymous', or 'expired' when
 * login data of a past session is still stored) and login data that is fresh or reloaded.
 */
export async function ensureLoginData(fetchers: LoginDataFetchers = loginDataFetchers): Promise<SessionCheck> {
  if (!hasToken()) {
    if (getSession()) {
      logout();
      return 'expired';
    }
    return 'anonymous';
  }
  if (isLoginDataFresh()) return 'ok';
  return loadLoginData(fetchers);
}
