import type { RouteObject } from 'react-router';

/** Dashboard area (protected). /portal/home and /portal/home/index both show it. */
const dashboard = () =>
  import('../../features/dashboard/pages/DashboardPage.tsx').then((m) => ({ Component: m.DashboardPage }));

export const homeRoutes: RouteObject[] = [
  { path: 'home', lazy: dashboard },
  { path: 'home/index', lazy: dashboard },
];
