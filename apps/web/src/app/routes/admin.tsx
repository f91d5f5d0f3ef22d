import { integrationStaffLevel, staffLevels } from '@portal/contract';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';

import { paths } from '../../config/paths.ts';
import { staffLevel } from '../../features/admin/staff-level.ts';
import { exactSegments, idSegment } from '../../lib/segments.ts';
import { segmentGuard } from '../segment-guard.ts';

/**
 * Staff area (protected). Each page needs a staff level (uss_admin_level in the token); below it
 * the user goes home. The server checks the same level on every call.
 */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const requireLevel =
  <T,>(level: number, then: (args: LoaderFunctionArgs) => T = () => null as T) =>
  (args: LoaderFunctionArgs): T => {
    if (staffLevel() < level) throw redirect(paths.home());
    return then(args);
  };

export const adminRoutes: RouteObject[] = [
  {
    path: 'admin/account-access',
    loader: requireLevel(staffLevels.accountAccess),
    lazy: page(() => import('../../features/admin/pages/AccountAccessPage.tsx'), 'AccountAccessPage'),
  },
  {
    path: 'admin/get-user-accounts/*',
    loader: requireLevel(
      staffLevels.accountAccess,
      segmentGuard((s) => idSegment(exactSegments(s, 1)?.[0])),
    ),
    lazy: page(() => import('../../features/admin/pages/GetUserAccountsPage.tsx'), 'GetUserAccountsPage'),
  },
  {
    path: 'admin/login-as-user',
    loader: requireLevel(staffLevels.loginAsUser),
    lazy: page(() => import('../../features/admin/pages/LoginAsUserPage.tsx'), 'LoginAsUserPage'),
  },
  {
    path: 'admin/login-as-user-audit',
    loader: requireLevel(staffLevels.accountAccess),
    lazy: page(() => import('../../features/admin/pages/LoginAsUserAuditPage.tsx'), 'LoginAsUserAuditPage'),
  },
  {
    path: 'admin/audit-log/*',
    loader: requireLevel(
      staffLevels.accountAccess,
      segmentGuard((s) => idSegment(exactSegments(s, 1)?.[0])),
    ),
    lazy: page(() => import('../../features/audit/pages/StaffAuditLogPage.tsx'), 'StaffAuditLogPage'),
  },
  {
    path: 'admin/signup-access',
    loader: requireLevel(staffLevels.accountAccess),
    lazy: page(() => import('../../features/signup-access/pages/SignupAccessGrantsPage.tsx'), 'SignupAccessGrantsPage'),
  },
  {
    path: 'admin/chart-styles',
    loader: requireLevel(staffLevels.accountAccess),
    lazy: page(() => import('../../features/style-demo/StyleDemoPage.tsx'), 'StyleDemoPage'),
  },
  {
    path: 'admin/integration',
    loader: requireLevel(integrationStaffLevel),
    lazy: page(() => import('../../features/integration/pages/IntegrationPage.tsx'), 'IntegrationPage'),
  },
  {
    path: 'admin/snmp-devices',
    loader: requireLevel(integrationStaffLevel),
    lazy: page(() => import('../../features/connectors/pages/SnmpDevicesPage.tsx'), 'SnmpDevicesPage'),
  },
  {
    path: 'admin/prometheus-sources',
    loader: requireLevel(integrationStaffLevel),
    lazy: page(() => import('../../features/connectors/pages/PrometheusSourcesPage.tsx'), 'PrometheusSourcesPage'),
  },
  {
    path: 'admin/provider-profile',
    loader: requireLevel(integrationStaffLevel),
    lazy: page(() => import('../../features/provider/pages/ProviderProfilePage.tsx'), 'ProviderProfilePage'),
  },
  {
    path: 'admin/connectors',
    loader: requireLevel(integrationStaffLevel),
    lazy: page(() => import('../../features/connectors/pages/ConnectorStatusPage.tsx'), 'ConnectorStatusPage'),
  },
];
