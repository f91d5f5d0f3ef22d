import type { RouteObject } from 'react-router';

import { queryClient } from '../../lib/query-client.ts';
import { browserPrefetch, serverPage } from '../first-screen.ts';

/**
 * Sign-in area (public). The optional segment is the reason shown above the form; other
 * pages of the area (login/forgot-password, login/resend-verification, ...) are static
 * routes, which React Router ranks above `login/:reason`.
 */
const loginPage = () => import('../../features/auth/pages/LoginPage.tsx').then((m) => ({ Component: m.LoginPage }));
const logoutPage = () => import('../../features/auth/pages/LogoutPage.tsx').then((m) => ({ Component: m.LogoutPage }));

/**
 * The outage banners above the form have no size known in advance: shown after the form, they
 * pushed it down (layout shift, decision 058). The page waits for them (at most 3 s), fetched beside
 * its code; a failure is left to the page, which then shows no banner.
 */
const loadOutages = browserPrefetch(async () => {
  const outages = import('../../features/notifications/api/get-outages.ts')
    .then((m) => queryClient.fetchQuery(m.outagesQueryOptions()))
    .catch(() => undefined);
  await Promise.race([outages, new Promise((resolve) => setTimeout(resolve, 3000))]);
  return null;
});

/** The sign-in page is rendered on the server with its banners (decision 108). */
const firstScreen = serverPage('src/features/auth/pages/LoginPage.tsx');

export const loginRoutes: RouteObject[] = [
  { path: 'login/:reason?', lazy: loginPage, loader: loadOutages, handle: firstScreen },
  { path: 's/index/:reason?', lazy: loginPage, loader: loadOutages, handle: firstScreen },
  { path: 's', lazy: loginPage, loader: loadOutages, handle: firstScreen },
  { path: 'logout', lazy: logoutPage },
];
