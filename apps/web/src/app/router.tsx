import type { HydrationState, RouteObject } from 'react-router';
import { createBrowserRouter, Outlet, redirect } from 'react-router';

import { basePath, paths } from '../config/paths.ts';
import { setNavigator } from '../lib/navigation.ts';
import { AppLayout } from './layout/AppLayout.tsx';
import { requireSession } from './require-session.ts';
import { HydrateFallback, RouteError } from './RouteError.tsx';
import { adminRoutes } from './routes/admin.tsx';
import { homeRoutes } from './routes/home.tsx';
import { identityRoutes } from './routes/identity.tsx';
import { inquireRoutes } from './routes/inquire.tsx';
import { invoicesRoutes } from './routes/invoices.tsx';
import { legalPublicRoutes, legalRoutes } from './routes/legal.tsx';
import { loginRoutes } from './routes/login.tsx';
import { notificationsRoutes } from './routes/notifications.tsx';
import { pinsRoutes } from './routes/pins.tsx';
import { productsRoutes } from './routes/products.tsx';
import { profileRoutes } from './routes/profile.tsx';
import { resourcesRoutes } from './routes/resources.tsx';
import { servicesRoutes } from './routes/services.tsx';
import { ticketsRoutes } from './routes/tickets.tsx';
import { usersRoutes } from './routes/users.tsx';

/**
 * Routes are /portal/{controller}/{action}/{segments}. Each area has one file in ./routes/
 * exporting a RouteObject[] whose pages load lazily (one chunk per area); add it to one of
 * the two lists below.
 */

/** Pages anonymous visitors may open (no layout, no session). */
const publicRoutes: RouteObject[] = [...loginRoutes, ...identityRoutes, ...legalPublicRoutes];

/** Pages behind sign-in, rendered inside the app layout once the login data is loaded. */
const protectedRoutes: RouteObject[] = [
  ...homeRoutes,
  ...usersRoutes,
  ...adminRoutes,
  ...invoicesRoutes,
  ...notificationsRoutes,
  ...inquireRoutes,
  ...servicesRoutes,
  ...productsRoutes,
  ...ticketsRoutes,
  ...pinsRoutes,
  ...resourcesRoutes,
  ...legalRoutes,
  ...profileRoutes,
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Outlet,
    ErrorBoundary: RouteError,
    HydrateFallback,
    children: [
      { index: true, loader: () => redirect(paths.home()) },
      ...publicRoutes,
      { id: 'protected', middleware: [requireSession], Component: AppLayout, children: protectedRoutes },
      // Unknown routes, and known ones with segments they do not take, go to the dashboard.
      { path: '*', loader: () => redirect(paths.home()) },
    ],
  },
];

/** The browser's router; `hydrationData` when the server rendered the page (decision 108). */
export function createRouter(hydrationData?: HydrationState) {
  const router = createBrowserRouter(routes, { basename: basePath, hydrationData });
  // The request helper navigates (session expiry, delayed redirects) through the router.
  setNavigator((to) => void router.navigate(to));
  return router;
}
