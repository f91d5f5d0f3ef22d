import type { accounts, orders, resources, users } from '@portal/contract';
import { timing } from '@portal/contract';

import type { ProductGroup } from './product-groups.ts';
import { deriveProductGroups } from './product-groups.ts';
import { queryClient } from './query-client.ts';
import { accountCookie, rememberAccount } from './render-cookies.ts';
import { serverContext } from './server-context.ts';
import { readStored, removeStored, storageKeys, writeStored } from './storage.ts';
import {
  storedAccounts,
  storedCategories,
  storedFlag,
  storedNumber,
  storedProductGroups,
  storedProducts,
  storedUser,
} from './stored-shapes.ts';
import { deleteCookie } from './cookie.ts';
import { clearToken, getToken } from './token.ts';

/**
 * The session of spec core.md section 4: the token cookie plus the login data (user, accounts,
 * products, resource categories) kept in client-side storage with the login time.
 */
export interface LoginData {
  user: users.AuthenticatedUser;
  accounts: accounts.Account[];
  products: orders.Product[];
  categories: resources.ResourceCategory[];
}

export interface Session extends LoginData {
  productGroups: ProductGroup[];
  /** Epoch milliseconds of the last successful login-data load. */
  loginTime: number;
  currentAccountId: number | null;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | null | undefined;

function readSession(): Session | null {
  const user = readStored(storageKeys.user, storedUser);
  const accountList = readStored(storageKeys.accounts, storedAccounts);
  const products = readStored(storageKeys.products, storedProducts);
  const categories = readStored(storageKeys.categories, storedCategories);
  const loginTime = readStored(storageKeys.loginTime, storedNumber);
  if (!user || !accountList || !products || !categories || loginTime === null) return null;
  return {
    user,
    accounts: accountList,
    products,
    categories,
    productGroups: readStored(storageKeys.productGroups, storedProductGroups) ?? deriveProductGroups(products),
    loginTime,
    currentAccountId: readStored(storageKeys.currentAccountId, storedNumber),
  };
}

function changed(): void {
  snapshot = undefined;
  for (const listener of listeners) listener();
}

/** The stored session, or null when signed out or never loaded. Stable between changes (for React). */
export function getSession(): Session | null {
  // On the server, the session loaded with the request's token (decision 109); never cached here.
  const rendering = serverContext();
  if (rendering) return rendering.session;
  if (snapshot === undefined) snapshot = readSession();
  return snapshot;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing out or in changes the shared storage: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith('portal.')) changed();
  });
}

/** Stores login data with its groups and load time (the session's snapshot is left to the caller). */
function storeLoginData(data: LoginData, productGroups: ProductGroup[], loginTime: number): void {
  writeStored(storageKeys.user, data.user);
  writeStored(storageKeys.accounts, data.accounts);
  writeStored(storageKeys.products, data.products);
  writeStored(storageKeys.productGroups, productGroups);
  writeStored(storageKeys.categories, data.categories);
  writeStored(storageKeys.loginTime, loginTime);
  removeStored(storageKeys.forceReload);
}

export function saveLoginData(data: LoginData, now = Date.now()): void {
  storeLoginData(data, deriveProductGroups(data.products), now);
  changed();
}

/** Login data is reused while fresher than 900 s, unless a reload was forced. */
export function isLoginDataFresh(now = Date.now()): boolean {
  const session = getSession();
  if (!session || readStored(storageKeys.forceReload, storedFlag)) return false;
  const age = now - session.loginTime;
  return age >= 0 && age < timing.loginDataReuseSeconds * 1000;
}

/**
 * Makes the next page load fetch the login data again: after changing an account permission,
 * loading a user's accounts, or adding an account.
 */
export function forceReload(): void {
  writeStored(storageKeys.forceReload, true);
  changed();
}

/** Updates the stored user after the user changed their own profile (the header shows it at once). */
export function updateStoredUser(change: Partial<Pick<users.AuthenticatedUser, 'first_nm' | 'last_nm' | 'email_nm'>>) {
  const user = readStored(storageKeys.user, storedUser);
  if (!user) return;
  writeStored(storageKeys.user, { ...user, ...change });
  changed();
}

export function setCurrentAccountId(accountId: number): void {
  writeStored(storageKeys.currentAccountId, accountId);
  rememberAccount(accountId);
  changed();
}

/**
 * Takes over the session a server-rendered page was rendered with (decision 109): it is fresh login data
 * (the server loaded it with this browser's token), stored like any other, and the very object React
 * hydrates with, so the first render in the browser is the server's.
 */
export function adoptSession(session: Session): void {
  storeLoginData(session, session.productGroups, session.loginTime);
  // The server's account (from its cookie) is the one shown, so it is the one remembered.
  if (session.currentAccountId === null) removeStored(storageKeys.currentAccountId);
  else writeStored(storageKeys.currentAccountId, session.currentAccountId);
  snapshot = session;
  for (const listener of listeners) listener();
}

/** The remembered account when it is still one of the user's, else the first account. */
export function currentAccountId(session: Pick<Session, 'accounts' | 'currentAccountId'>): number | null {
  const remembered = session.accounts.find((a) => a.account_id === session.currentAccountId);
  return remembered?.account_id ?? session.accounts[0]?.account_id ?? null;
}

/** Signs out on this device: token, user, accounts, products, groups, categories, account, login time. */
export function logout(): void {
  clearToken();
  deleteCookie(accountCookie);
  removeStored(...Object.values(storageKeys));
  queryClient.clear();
  changed();
}

export const hasToken = () => getToken() !== null;
