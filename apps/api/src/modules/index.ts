import type { FastifyInstance } from 'fastify';

import type { Deps } from '../deps.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { apiTokensRoutes } from './api-tokens/api-tokens.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { captchaRoutes } from './captcha/captcha.routes.ts';
import { snmpRoutes } from './connectors/snmp/snmp.routes.ts';
import { inProcessWorkers } from '../workers.ts';
import { prometheusRoutes } from './connectors/prometheus/prometheus.routes.ts';
import { connectorStatusRoutes } from './connectors/status.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { contentRoutes } from './content/content.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { identityRoutes } from './identity/identity.routes.ts';
import { signupAccessRoutes } from './identity/signup-access.routes.ts';
import { integrationRoutes } from './integration/integration.routes.ts';
import { invoicesRoutes } from './invoices/invoices.routes.ts';
import { legalRoutes } from './legal/legal.routes.ts';
import { metricsRoutes } from './metrics/metrics.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { outboxRoutes } from './outbox/outbox.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { pinsRoutes } from './pins/pins.routes.ts';
import { backupPlatformRoutes } from './products/backup-platform.routes.ts';
import { backupServiceRoutes } from './products/backup-service.routes.ts';
import { disasterRecoveryRoutes } from './products/disaster-recovery.routes.ts';
import { endpointBackupRoutes } from './products/endpoint-backup.routes.ts';
import { endpointDetectionRoutes } from './products/endpoint-detection.routes.ts';
import { openCloudRoutes } from './products/open-cloud.routes.ts';
import { productsRoutes } from './products/products.routes.ts';
import { resourcePoolRoutes } from './products/resource-pool.routes.ts';
import { seriesRoutes } from './series/series.routes.ts';
import { vmBackupRoutes } from './products/vm-backup.routes.ts';
import { webSecurityRoutes } from './products/web-security.routes.ts';
import { profileRoutes } from './profile/profile.routes.ts';
import { providerRoutes } from './provider/provider.routes.ts';
import { ticketsRoutes } from './tickets/tickets.routes.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Every API area, each one Fastify plugin registered under /api. Add new areas here. */
export const apiModules: ((app: FastifyInstance, deps: Deps) => Promise<void>)[] = [
  accountsRoutes,
  adminRoutes,
  apiTokensRoutes,
  auditRoutes,
  authRoutes,
  backupPlatformRoutes,
  backupServiceRoutes,
  captchaRoutes,
  connectorStatusRoutes,
  contactRoutes,
  contentRoutes,
  disasterRecoveryRoutes,
  endpointBackupRoutes,
  endpointDetectionRoutes,
  healthRoutes,
  identityRoutes,
  signupAccessRoutes,
  integrationRoutes,
  invoicesRoutes,
  legalRoutes,
  metricsRoutes,
  notificationsRoutes,
  openCloudRoutes,
  ordersRoutes,
  outboxRoutes,
  paymentsRoutes,
  pinsRoutes,
  productsRoutes,
  profileRoutes,
  providerRoutes,
  prometheusRoutes,
  resourcePoolRoutes,
  seriesRoutes,
  snmpRoutes,
  inProcessWorkers,
  ticketsRoutes,
  usersRoutes,
  vmBackupRoutes,
  webSecurityRoutes,
];
