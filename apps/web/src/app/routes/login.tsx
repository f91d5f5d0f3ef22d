import type { RouteObject } from 'react-router';

/**
 * Sign-in area (public). The optional segment is the reason shown above the form; other
 * pages of the area (login/forgot-password, login/resend-verification, ...) are static
 * routes, which React Router ranks above `login/:reason`.
 */
const loginPage = () => import('../../features/auth/pages/LoginPage.tsx').then((m) => ({ Component: m.LoginPage }));
const logoutPage = () => import('../../features/auth/pages/LogoutPage.tsx').then((m) => ({ Component: m.LogoutPage }));

export const loginRoutes: RouteObject[] = [
  { path: 'login/:reason?', lazy: loginPage },
  { path: 's/index/:reason?', lazy: loginPage },
  { path: 's', lazy: loginPage },
  { path: 'logout', lazy: logoutPage },
];
