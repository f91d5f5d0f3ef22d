import { AsyncLocalStorage } from 'node:async_hooks';

import type { PublicProfile } from '@portal/contract';
import type { Query } from '@tanstack/react-query';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';

import type { FirstScreenState } from './app/first-screen.ts';
import { serverPageOf } from './app/first-screen.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { basePath } from './config/paths.ts';
import { readActorId } from './features/admin/acting-as.ts';
import { readCookie } from './lib/cookie.ts';
import { loginDataFetchers } from './lib/login-data.ts';
import { deriveProductGroups } from './lib/product-groups.ts';
import { parseTimeZone, readAccountCookie, viewerCookie } from './lib/render-cookies.ts';
import type { ServerContext } from './lib/server-context.ts';
import { setServerContextSource } from './lib/server-context.ts';
import type { Session } from './lib/session.ts';
import { getToken } from './lib/token.ts';

/** The document request the API renders a page for. */
export interface RenderRequest {
  url: string;
  /** The request's Cookie header ('' without one). */
  cookies: string;
  /** The portal's locale of dates and numbers (the API's PORTAL_LOCALE, decision 120). */
  locale: string;
  /** The provider's public profile (decision 123): the page names the provider as the browser will. */
  provider: PublicProfile;
  /** Sends one of the page's calls to the API in-process, as the browser's fetch would. */
  fetch: ServerContext['fetch'];
}

export interface Rendered {
  html: string;
  /** The page module, whose stylesheets the API links in the head. */
  page: string;
  state: FirstScreenState;
  /** Rendered with the request's session: the HTML is this user's (no-store, Vary: Cookie). */
  personal: boolean;
}

// Each render's cookies, session and in-process fetch, for the app's modules that read them (server-context.ts).
const contexts = new AsyncLocalStorage<ServerContext>();
setServerContextSource(() => contexts.getStore());

/** Renders until every query the page shows has its data; a page that starts new queries each pass stops here. */
const maxPasses = 4;

// One handler for every request: it keeps no request's state, and each lazy route module loads once.
const handler = createStaticHandler(routes, { basename: basePath });

const isWaiting = (query: Query) => {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled: unknown = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
};

/**
 * The login data of the request's token, loaded through the same calls the browser makes: null without a
 * token, for a staff member acting as a customer (their tab's own storage holds what the page shows about
 * it), or when any call is refused or fails (the browser then sends the user where it would).
 */
async function loadSession(): Promise<Session | null> {
  const token = getToken();
  if (!token || readActorId(token) !== null) return null;
  try {
    const [user, accounts, products, categories] = await Promise.all([
      loginDataFetchers.user(),
      loginDataFetchers.accounts(),
      loginDataFetchers.products(),
      loginDataFetchers.categories(),
    ]);
    return {
      user,
      accounts,
      products,
      categories,
      productGroups: deriveProductGroups(products),
      loginTime: Date.now(),
      currentAccountId: readAccountCookie(),
    };
  } catch {
    return null;
  }
}

/**
 * Renders the app's own tree for a document request (decisions 108, 109): the route's page with what it
 * shows, and the state the browser hydrates from (query cache, router data, session). Only routes that name
 * their page module (`handle.page`) render here. The page's calls go to the API in-process with the
 * request's token, so the API's own checks decide what it sees. The queries the page starts are found by
 * rendering it: each pass fetches the queries the last one started, until none is waiting. The answer is
 * null, and the browser renders the page itself as before, for any other URL, a signed-in page without a
 * valid session or viewer cookie, a loader that redirects, or a call that fails.
 */
export async function render(request: RenderRequest): Promise<Rendered | null> {
  const parsed = new URL(request.url, 'http://portal.invalid');
  const matched = matchRoutes(routes, parsed.pathname, basePath);
  const page = serverPageOf(matched?.at(-1)?.route);
  if (!matched || !page) return null;
  const signedIn = matched.some((match) => match.route.id === 'protected');

  // Public pages show no moments a viewer would read in another zone; the signed-in ones need the cookie's.
  const context: ServerContext = {
    cookies: request.cookies,
    viewer: { locale: request.locale, timeZone: 'UTC' },
    session: null,
    provider: request.provider,
    fetch: request.fetch,
  };
  return contexts.run(context, async () => {
    if (signedIn) {
      const timeZone = parseTimeZone(readCookie(viewerCookie));
      const session = timeZone && (await loadSession());
      if (!timeZone || !session) return null;
      Object.assign(context, { viewer: { locale: request.locale, timeZone }, session });
    }

    // The route modules load (lazy) and the loaders run: they read the address (segments) and the token.
    const routing = await handler.query(new Request(parsed.href));
    if (routing instanceof Response || routing.errors) return null;

    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const router = createStaticRouter(handler.dataRoutes, routing);
    const renderPage = () =>
      renderToString(
        <StrictMode>
          <Providers client={client}>
            <StaticRouterProvider router={router} context={routing} hydrate={false} />
          </Providers>
        </StrictMode>,
      );
    let html = renderPage();
    for (let pass = 1; pass < maxPasses; pass += 1) {
      const waiting = client.getQueryCache().getAll().filter(isWaiting);
      if (waiting.length === 0) break;
      await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
      // A failed call would show its error here but its loading state in the browser, which retries it.
      if (
        client
          .getQueryCache()
          .getAll()
          .some((query) => query.state.status === 'error')
      )
        return null;
      html = renderPage();
    }

    const loaderData = Object.fromEntries(
      routing.matches.map((match) => [match.route.id, routing.loaderData[match.route.id] ?? null]),
    );
    return {
      html,
      page,
      state: { queries: dehydrate(client), router: { loaderData }, session: context.session },
      personal: signedIn,
    };
  });
}
