export * from './call.ts';
export * from './codes.ts';
export * from './csv.ts';
export * from './envelope.ts';
export * from './fields.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './password-policy.ts';

export * as accounts from './accounts.ts';
export * as admin from './admin.ts';
export * as apiTokens from './api-tokens.ts';
export type { ApiToken, Scope as ApiTokenScope } from './api-tokens.ts';
export * as audit from './audit.ts';
export type { AuditEntry, AuditFilters, AuditKind } from './audit.ts';
export * as auth from './auth.ts';
export * as captcha from './captcha.ts';
export * as connectors from './connectors.ts';
export * as contact from './contact.ts';
export * as health from './health.ts';
export * as identity from './identity.ts';
export * as integration from './integration.ts';
export * as invoices from './invoices.ts';
export * as legal from './legal.ts';
export * as metrics from './metrics.ts';
export * as notifications from './notifications.ts';
export * as orders from './orders.ts';
export * as outbox from './outbox.ts';
export * as payments from './payments.ts';
export * as pins from './pins.ts';
export * as products from './products.ts';
export * as productsBackup from './products-backup.ts';
export * as productsBs from './products-bs.ts';
export * as productsDd from './products-dd.ts';
export * as productsCloud from './products-cloud.ts';
export * as productsDs from './products-ds.ts';
export * as productsEb from './products-eb.ts';
export * as productsRp from './products-rp.ts';
export * as profile from './profile.ts';
export * as provider from './provider.ts';
export * as resources from './resources.ts';
export * as signupAccess from './signup-access.ts';
export * as snmp from './snmp.ts';
export * as tickets from './tickets.ts';
export * as users from './users.ts';

export { allCalls } from './registry.ts';

export type { Account } from './accounts.ts';
export type { LoginAsUserRecord, StaffAccount } from './admin.ts';
export type { InvitationDetails } from './identity.ts';
export type { SignupAccessGrant } from './signup-access.ts';
export type { SnmpDevice } from './snmp.ts';
export type { ConnectorStatus, PrometheusSource } from './connectors.ts';
export type { TokenData, TokenPayload } from './auth.ts';
export type { InquiryInput, InquiryType, TeamMember } from './contact.ts';
export type {
  AccountItem,
  BatchRecord,
  InvitationRun,
  CollectionName,
  IntegrationEvent,
  IntegrationToken,
  InvoiceItem,
  ItemResult,
  NotificationItem,
  OrderItem,
  OutageItem,
  PaymentItem,
  ProductItem,
  Scope as IntegrationScope,
  TicketItem,
  UserItem,
} from './integration.ts';
export type { BalanceHistory, Invoice, InvoiceProduct, InvoiceStatus, InvoiceSummary } from './invoices.ts';
export type { DataFreshness, NetworkSummary, TrafficSummary } from './metrics.ts';
export type { Notification } from './notifications.ts';
export type { OrderDetail, OrderListItem, PendingOrder, Product } from './orders.ts';
export type { AccountPin } from './pins.ts';
export type { Payment, PaymentMethod, PaymentOptions, PaymentStatus } from './payments.ts';
export type { ImageType, ProfileFields, PublicProfile, SaveProfileInput, StaffProfile } from './provider.ts';
export type {
  Bucket,
  ChartData,
  NetworkChartType,
  NetworkInterface,
  NetworkOrder,
  ObOrder,
  ObStats,
  ProductOrder,
  UsageOrder,
  UsageStatsItem,
} from './products.ts';
export type { CvOrder, CvStats, EdOrder, EdStats } from './products-backup.ts';
export type { ChOrder, ChStats, OcOrder, OcStats } from './products-cloud.ts';
export type { DsObjectStats, DsOrder, DsStats, DsVm, DsVmDetail, DsVpg, VpgStatus } from './products-ds.ts';
export type { Resource, ResourceCategory, ResourceList, ResourceSummary } from './resources.ts';
export type { Attachment, Ticket, TicketDetail, TicketMessage } from './tickets.ts';
export type { AccessLevel, AccountAccess, AuthenticatedUser, PendingInvitation, PortalUser } from './users.ts';
