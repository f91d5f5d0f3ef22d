import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';

import type { FirstScreen } from './app/first-screen.ts';
import { firstScreenOf } from './app/first-screen.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { basePath } from './config/paths.ts';
import { outagesQueryOptions } from './features/notifications/api/get-outages.ts';

/** What the server reads in-process for a first screen, through the same code its API calls use. */
export interface FirstScreenSource {
  outages(): Promise<readonly { outage_id: number; message: string }[]>;
}

/** Puts the data a route's first screen needs into the request's own query cache. */
const seeders: Record<FirstScreen, (client: QueryClient, source: FirstScreenSource) => Promise<unknown>> = {
  outages: (client, source) => client.fetchQuery({ queryKey: outagesQueryOptions().queryKey, queryFn: source.outages }),
};

/**
 * Renders the app's own tree for a document request (decision 108): the route's page with the data its
 * first screen needs, and the state the browser hydrates from (query cache and router data). Only routes
 * that declare their first screen (`handle.firstScreen`) render here; for any other URL, or when the data
 * cannot be read, the answer is null and the browser renders the page itself as before.
 */
export async function render(url: string, source: FirstScreenSource) {
  const parsed = new URL(url, 'http://portal.invalid');
  const matched = matchRoutes(routes, parsed.pathname, basePath);
  const firstScreen = matched && firstScreenOf(matched.at(-1)?.route);
  if (!firstScreen) return null;

  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  try {
    await Promise.all(firstScreen.data.map((need) => seeders[need](client, source)));
  } catch {
    return null;
  }
  const handler = createStaticHandler(routes, { basename: basePath });
  // The route modules load (lazy) but no loader runs here: the loaders fill the browser's query cache,
  // which the seeders above have filled for the server.
  const context = await handler.query(new Request(parsed.href), {
    dataStrategy: async ({ matches }) => {
      const results = await Promise.all(
        matches.map(async (match) => [match.route.id, await match.resolve(() => null)] as const),
      );
      return Object.fromEntries(results);
    },
  });
  if (context instanceof Response || context.errors) return null;

  const html = renderToString(
    <StrictMode>
      <Providers client={client}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>
    </StrictMode>,
  );
  const loaderData = Object.fromEntries(context.matches.map((match) => [match.route.id, null]));
  return { html, page: firstScreen.page, state: { queries: dehydrate(client), router: { loaderData } } };
}
