import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page the server rendered (and on the server), true from the render
 * after: React renders the server's snapshot to match the HTML, then the browser's. A page rendered
 * only in the browser is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
