import * as v from 'valibot';

/**
 * The spec's "client-side storage" (localStorage, shared by the tabs of one browser).
 * Values are JSON and are checked against a schema when read, so a stale or tampered
 * entry reads as missing instead of breaking the app.
 */
export const storageKeys = {
  user: 'portal.user',
  accounts: 'portal.accounts',
  products: 'portal.products',
  productGroups: 'portal.productGroups',
  categories: 'portal.resourceCategories',
  currentAccountId: 'portal.currentAccountId',
  loginTime: 'portal.loginTime',
  forceReload: 'portal.forceReload',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored<T>(key: StorageKey, schema: v.GenericSchema<T>): T | null {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return null;
    const parsed = v.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app still works for this page load.
  }
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore: nothing to remove when storage is unavailable
    }
  }
}
