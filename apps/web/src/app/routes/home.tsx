import type { RouteObject } from 'react-router';

import { browserPrefetch, serverPage } from '../first-screen.ts';

/** Dashboard area (protected). /portal/home and /portal/home/index both show it. */
const dashboard = () =>
  import('../../features/dashboard/pages/DashboardPage.tsx').then((m) => ({ Component: m.DashboardPage }));

// The loader's module loads in parallel with the page's (React Router starts both at once), so the
// boxes' data is requested without waiting for the page's code.
const loadDashboard = browserPrefetch(() =>
  import('../../features/dashboard/dashboard-data.ts').then((m) => m.loadDashboard()),
);

/** Rendered on the server with its boxes' data (decision 109). */
const dashboardPage = serverPage('src/features/dashboard/pages/DashboardPage.tsx');

export const homeRoutes: RouteObject[] = [
  { path: 'home', lazy: dashboard, loader: loadDashboard, handle: dashboardPage },
  { path: 'home/index', lazy: dashboard, loader: loadDashboard, handle: dashboardPage },
];
