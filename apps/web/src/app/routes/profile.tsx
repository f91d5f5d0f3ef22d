import type { RouteObject } from 'react-router';

/** users/update-profile (protected): the profile, password and two-factor tabs, chosen by ?tab-target=. */
export const profileRoutes: RouteObject[] = [
  {
    path: 'users/update-profile',
    lazy: () => import('../../features/profile/pages/ProfilePage.tsx').then((m) => ({ Component: m.ProfilePage })),
  },
];
