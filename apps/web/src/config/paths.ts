/**
 * Every URL of the app is built here. Paths are router paths (without the /portal base);
 * `absoluteUrl` adds the base for places outside the router (window.location, e-mails).
 */
export const basePath = '/portal';

const seg = (value: string | number) => encodeURIComponent(String(value));

export type ProfileTab = 'profile' | 'password' | 'two-factor';

export const paths = {
  home: () => '/home/index',

  // Sign-in area (public).
  login: (reason?: string) => (reason ? `/login/${seg(reason)}` : '/login'),
  logout: () => '/logout',
  forgotPassword: () => '/login/forgot-password',
  resendVerification: (email?: string) =>
    email ? `/login/resend-verification?email=${encodeURIComponent(email)}` : '/login/resend-verification',
  createAccount: () => '/s/create-account',
  /** The link mailed to a portal user an administrator invited (decision 084). */
  acceptInvitation: (hash: string) => `/s/accept-invitation/${seg(hash)}`,
  resetPassword: (resetKey: string, email: string) => `/login/reset/${seg(resetKey)}/${seg(email)}`,
  verifyEmail: (userId: number, hash: string) => `/login/verify-email/${userId}/${seg(hash)}`,
  verifyAccount: (userId: number, hash: string) => `/login/verify-account/${userId}/${seg(hash)}`,
  /** The link mailed to an account's administrators when someone signs up with one of its invoices. */
  revokeSignupAccess: (key: string) => `/login/revoke-access/${seg(key)}`,
  /** An active agreement, readable before sign-in (linked from account creation). */
  agreement: (legalAgreementId: number) => `/s/agreement/${legalAgreementId}`,
  /** The local outbox (embedded default without SMTP). */
  outbox: () => '/dev/outbox',

  legal: () => '/legal',
  legalView: (legalAgreementId: number) => `/legal/view/${legalAgreementId}`,

  // Users area.
  users: () => '/users',
  manageAccounts: () => '/users/manage-accounts',
  addNewUser: () => '/users/add-new-user',
  addExistingUser: () => '/users/add-existing-user',
  editUser: (userId: number) => `/users/edit-user/${userId}`,
  deleteUser: (userId: number) => `/users/delete-user/${userId}`,
  removeAccounts: () => '/users/accounts',
  addAccount: () => '/users/add-account',
  /** The customer's API tokens and the guide to the customer API (account administrators). */
  apiTokens: () => '/users/api-tokens',
  /** Who did what on the accounts an administrator administers. */
  auditLog: () => '/users/audit-log',
  profile: (tab?: ProfileTab) => (tab ? `/users/update-profile?tab-target=${tab}` : '/users/update-profile'),

  pins: () => '/pins',

  // Staff.
  adminAccountAccess: () => '/admin/account-access',
  adminLoginAsUser: () => '/admin/login-as-user',
  adminLoginAsUserAudit: () => '/admin/login-as-user-audit',
  /** Any account's audit log (staff level 1). */
  adminAuditLog: (accountId: number) => `/admin/audit-log/${accountId}`,
  /** Access given by signing up with an account's invoice (staff level 1). */
  adminSignupAccess: () => '/admin/signup-access',
  /** Provider integration tokens and the record of their batches (staff level 3). */
  adminIntegration: () => '/admin/integration',
  /** The devices the SNMP poller reads, with their status (staff level 3). */
  adminSnmpDevices: () => '/admin/snmp-devices',
  /** Prometheus-compatible sources and the order series they answer (staff level 3). */
  adminPrometheusSources: () => '/admin/prometheus-sources',
  /** Every SNMP device and Prometheus source with its last success, last error and next run (staff level 3). */
  adminConnectorStatus: () => '/admin/connectors',
  adminProviderProfile: () => '/admin/provider-profile',
  /** The chart kit's style demo: a sample of every kind of chart (any staff level). */
  adminChartStyles: () => '/admin/chart-styles',
  /** Loads a user's accounts for the staff member, then goes to `returnTo` (a router path). */
  adminGetUserAccounts: (userId: number, returnTo?: string) =>
    `/admin/get-user-accounts/${userId}${returnTo ? `?url=${encodeURIComponent(returnTo)}` : ''}`,

  // Services and resources.
  services: (groupOrCode?: string) => (groupOrCode ? `/services/${seg(groupOrCode)}` : '/services'),
  service: (productController: string, baseOrderId: number) => `/service/${seg(productController)}/${baseOrderId}`,
  changeAlias: (baseOrderId: number) => `/service/change-alias/${baseOrderId}`,
  /** Disaster recovery sub-pages: one protection group (VPG) and one protected VM of an order. */
  dsVpg: (baseOrderId: number, vpgId: number) => `/service/ds-vpg/${baseOrderId}/${vpgId}`,
  dsVm: (baseOrderId: number, vmId: number) => `/service/ds-vm/${baseOrderId}/${vmId}`,
  /** Endpoint backup sub-pages: one agent client and one image-backed machine of an order, by name. */
  ebAgentMachine: (baseOrderId: number, clientName: string) =>
    `/service/eb-agent-machine/${baseOrderId}/${seg(clientName)}`,
  ebImageMachine: (baseOrderId: number, vmName: string) => `/service/eb-image-machine/${baseOrderId}/${seg(vmName)}`,
  /** A web and app security zone's page (without the zone: the order's zones). */
  ddZone: (baseOrderId: number, zoneId: number) => `/service/dd/${baseOrderId}/${zoneId}`,
  resources: (categoryId: number) => `/resources/${categoryId}`,
  resource: (resourceId: number) => `/resources/view/${resourceId}`,

  // Tickets and compliance PINs.
  tickets: (ticketId?: number | string) => (ticketId ? `/tickets/index/${seg(ticketId)}` : '/tickets/index'),
  chooseService: () => '/tickets/choose-service',
  newTicket: (baseOrderId: number) => `/r/tickets/new-ticket/${baseOrderId}`,
  pinReset: (resetKey: string, accountId: number) => `/pins/reset/${seg(resetKey)}/${accountId}`,

  notifications: () => '/notifications',
  notificationView: (notificationId: number) => `/notifications/view/${notificationId}`,
  ticket: (ticketId: number) => `/r/tickets/ticket/${ticketId}`,
  invoiceView: (accountId: number, cycleLogId: number) => `/invoices/view/${accountId}/${cycleLogId}`,
  invoicesPay: () => '/invoices/pay',
  /** Online payments (decision 127): what to pay on an account (an invoice preselected), the return page, the list. */
  payInvoice: (accountId: number, cycleLogId?: number) =>
    `/invoices/pay/${accountId}${cycleLogId === undefined ? '' : `?invoice=${cycleLogId}`}`,
  paymentReturn: (accountId: number, reference: string) => `/invoices/payment/${accountId}/${seg(reference)}`,
  accountPayments: (accountId: number) => `/invoices/payments/${accountId}`,
  invoices: () => '/invoices',
  inquirePending: (orderNumber: string, baseOrderId: number) => `/inquire/pending/${seg(orderNumber)}/${baseOrderId}`,
  inquireTicket: (ticketNumber: string, ticketId: number) => `/inquire/ticket/${seg(ticketNumber)}/${ticketId}`,
  inquireNotification: (ticketNumber: string) => `/inquire/notification/${seg(ticketNumber)}`,
  feedback: () => '/inquire/feedback',
} as const;

/** Router path → URL under the portal base, for code that navigates without the router. */
export const absoluteUrl = (path: string) => `${basePath}${path}`;

/** Public images shipped in apps/web/public. */
export const assets = {
  defaultAvatar: `${basePath}/default-avatar.svg`,
} as const;
