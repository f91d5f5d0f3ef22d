// First: Zod must be jitless before any page chunk builds a schema (CSP, decision 105).
import './lib/zod-jitless.ts';
import './app/mantine.css';
import './app/global.css';

import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { loadLazyMatches, readFirstScreenState } from './app/first-screen.ts';
import { Providers } from './app/providers.tsx';
import { createRouter, routes } from './app/router.tsx';
import { expectServerParts, rootTakenOver } from './lib/hydration-mark.ts';
import { queryClient } from './lib/query-client.ts';
import { rememberViewer } from './lib/render-cookies.ts';
import { adoptSession } from './lib/session.ts';
import { getToken } from './lib/token.ts';

/** The root has committed: the document's mark waits for the page's parts too (lib/hydration-mark.ts). */
function HydratedMark() {
  useEffect(() => {
    rootTakenOver();
    // For the next signed-in page the server renders, in this browser's locale and time zone (decision
    // 109). Not before: resolving the time zone is a costly first use of Intl on a phone, kept out of the
    // tasks that take the page over. Only when signed in: the sign-in page formats nothing, and signing in
    // writes it (decision 112).
    if (getToken()) rememberViewer();
  }, []);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * A page the server rendered (decision 108) is taken over from the state it was rendered with, once the
 * page's route modules are loaded. Not a top-level await: the page chunks import this one, so awaiting
 * them here would wait for ever.
 */
async function start(container: HTMLElement) {
  // Evaluating the entry's modules is one long task on a phone: the takeover starts in a task of its own,
  // so the two long tasks do not add up to one (Lighthouse's blocking time; decision 110).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const state = readFirstScreenState();
  if (state) {
    if (state.session) adoptSession(state.session);
    hydrate(queryClient, state.queries);
    expectServerParts(container);
    await loadLazyMatches(routes, window.location.pathname);
  }
  const router = createRouter(state?.router);
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
        <HydratedMark />
      </Providers>
    </StrictMode>
  );
  // As a transition, React takes the server's page over in slices that leave the main thread free for
  // input between them, instead of one long task (Lighthouse's blocking time; decision 109).
  if (state) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start(root);
