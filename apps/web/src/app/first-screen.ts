import type { DehydratedState } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { matchRoutes } from 'react-router';

import { basePath } from '../config/paths.ts';
import { serverContext } from '../lib/server-context.ts';
import type { Session } from '../lib/session.ts';

/**
 * The pages rendered on the server (decisions 108, 109) declare the module their `lazy` loads, as the
 * build's manifest names it, for the page's CSS: `handle: { page: 'src/features/…/Page.tsx' }`. The
 * server fetches what the page shows by rendering it (entry-server.tsx). Other routes render in the
 * browser only.
 */
export const serverPageOf = (route: RouteObject | undefined): string | null => {
  const handle: unknown = route?.handle;
  if (typeof handle !== 'object' || handle === null || !('page' in handle)) return null;
  return typeof handle.page === 'string' ? handle.page : null;
};

/** A route's handle for a page rendered on the server; `page` is the module its `lazy` imports. */
export const serverPage = (page: string) => ({ page });

/**
 * A loader that only prefetches into the browser's query cache. The server fetches what a page shows by
 * rendering it (entry-server.tsx), into a cache of the request's own: there the loader answers at once.
 */
export const browserPrefetch = (loader: () => Promise<null>) => () => (serverContext() ? null : loader());

/** Where the server puts the state the page was rendered from (a JSON data block, never run as a script). */
export const firstScreenElementId = 'first-screen-state';

export interface FirstScreenState {
  queries: DehydratedState;
  router: { loaderData: Record<string, unknown> };
  /** The session a signed-in page was rendered with (null for the public pages). */
  session: Session | null;
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
