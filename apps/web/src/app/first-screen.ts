import type { DehydratedState } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';

import { basePath } from '../config/paths.ts';

/**
 * The data a server-rendered first screen needs (decision 108). A route declares it in its handle with
 * the page module its `lazy` loads (as the build's manifest names it, for the page's CSS and scripts):
 * `handle: { firstScreen: ['outages'], page: 'src/features/…/Page.tsx' }`. Other routes render in the browser only.
 */
export type FirstScreen = 'outages';

export const firstScreenOf = (
  route: RouteObject | undefined,
): { data: readonly FirstScreen[]; page: string } | null => {
  const handle: unknown = route?.handle;
  if (typeof handle !== 'object' || handle === null || !('firstScreen' in handle) || !('page' in handle)) return null;
  return { data: handle.firstScreen as readonly FirstScreen[], page: String(handle.page) };
};

/** Where the server puts the state the page was rendered from (a JSON data block, never run as a script). */
export const firstScreenElementId = 'first-screen-state';

export interface FirstScreenState {
  queries: DehydratedState;
  router: { loaderData: Record<string, null> };
}

/** The state embedded by the server, or null when the page was not rendered there. */
export function readFirstScreenState(): FirstScreenState | null {
  const text = document.getElementById(firstScreenElementId)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as FirstScreenState;
  } catch {
    return null;
  }
}

/**
 * Loads the modules of the lazy routes the page shows, so the first render in the browser is the page
 * the server rendered, not the loading fallback (React Router's pattern for lazy routes with hydration).
 */
export async function loadLazyMatches(routes: RouteObject[], pathname: string): Promise<void> {
  const lazy = (matchRoutes(routes, pathname, basePath) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
