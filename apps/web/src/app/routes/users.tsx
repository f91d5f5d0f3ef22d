import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment, optionalSegments } from '../../lib/segments.ts';
import { segmentGuard } from '../segment-guard.ts';

/**
 * Users area (protected): account administrators manage the users of their accounts; every user
 * manages their own accounts. users/update-profile is the profile area's (routes/profile).
 */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const usersList = page(() => import('../../features/users/pages/UsersListPage.tsx'), 'UsersListPage');

export const usersRoutes: RouteObject[] = [
  { path: 'users', lazy: usersList },
  { path: 'users/index', lazy: usersList },
  {
    path: 'users/add-new-user',
    lazy: page(() => import('../../features/users/pages/AddNewUserPage.tsx'), 'AddNewUserPage'),
  },
  {
    path: 'users/add-existing-user',
    lazy: page(() => import('../../features/users/pages/AddExistingUserPage.tsx'), 'AddExistingUserPage'),
  },
  {
    path: 'users/edit-user/*',
    loader: segmentGuard((s) => idSegment(exactSegments(s, 1)?.[0])),
    lazy: page(() => import('../../features/users/pages/EditUserPage.tsx'), 'EditUserPage'),
  },
  {
    // Without a (valid) id the page says 'User ID is invalid. Please try again.'; more segments go home.
    path: 'users/delete-user/*',
    loader: segmentGuard((s) => {
      const segments = optionalSegments(s, 1);
      return segments ? { userId: idSegment(segments[0]) } : null;
    }),
    lazy: page(() => import('../../features/users/pages/DeleteUserPage.tsx'), 'DeleteUserPage'),
  },
  {
    path: 'users/api-tokens',
    lazy: page(() => import('../../features/users/pages/ApiTokensPage.tsx'), 'ApiTokensPage'),
  },
  {
    path: 'users/audit-log',
    lazy: page(() => import('../../features/users/pages/AuditLogPage.tsx'), 'AuditLogPage'),
  },
  {
    path: 'users/accounts',
    lazy: page(() => import('../../features/accounts/pages/RemoveAccountsPage.tsx'), 'RemoveAccountsPage'),
  },
  {
    path: 'users/manage-accounts',
    lazy: page(() => import('../../features/accounts/pages/ManageAccountsPage.tsx'), 'ManageAccountsPage'),
  },
  {
    path: 'users/add-account',
    lazy: page(() => import('../../features/accounts/pages/AddAccountPage.tsx'), 'AddAccountPage'),
  },
];
