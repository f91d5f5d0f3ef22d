// Generated from the contract's calls by `npm run contract-routes`; routes.test.ts fails when it is stale.
// The browser sends calls by these routes: each carries its call’s types but none of its schemas, so the
// validation library stays off the pages that validate nothing (decision 103). Integration calls are
// left out: only a provider’s systems send them, with integration tokens a browser never holds.
import type { CallRoute } from './call.ts';
import type * as accountsCalls from './accounts.ts';
import type * as adminCalls from './admin.ts';
import type * as apiTokensCalls from './api-tokens.ts';
import type * as auditCalls from './audit.ts';
import type * as authCalls from './auth.ts';
import type * as captchaCalls from './captcha.ts';
import type * as connectorsCalls from './connectors.ts';
import type * as contactCalls from './contact.ts';
import type * as healthCalls from './health.ts';
import type * as identityCalls from './identity.ts';
import type * as integrationCalls from './integration.ts';
import type * as invoicesCalls from './invoices.ts';
import type * as legalCalls from './legal.ts';
import type * as metricsCalls from './metrics.ts';
import type * as notificationsCalls from './notifications.ts';
import type * as ordersCalls from './orders.ts';
import type * as outboxCalls from './outbox.ts';
import type * as paymentsCalls from './payments.ts';
import type * as pinsCalls from './pins.ts';
import type * as productsCalls from './products.ts';
import type * as productsBackupCalls from './products-backup.ts';
import type * as productsBsCalls from './products-bs.ts';
import type * as productsDdCalls from './products-dd.ts';
import type * as productsCloudCalls from './products-cloud.ts';
import type * as productsDsCalls from './products-ds.ts';
import type * as productsEbCalls from './products-eb.ts';
import type * as productsRpCalls from './products-rp.ts';
import type * as profileCalls from './profile.ts';
import type * as providerCalls from './provider.ts';
import type * as resourcesCalls from './resources.ts';
import type * as signupAccessCalls from './signup-access.ts';
import type * as snmpCalls from './snmp.ts';
import type * as ticketsCalls from './tickets.ts';
import type * as usersCalls from './users.ts';

export const accounts = {
  addAccount: {"id":"accounts.addAccount","path":"/accounts/add-account","methods":["POST"],"access":"user"} as CallRoute<typeof accountsCalls.addAccount>,
  getAccounts: {"id":"accounts.getAccounts","path":"/accounts/get-accounts","methods":["GET"],"access":"user"} as CallRoute<typeof accountsCalls.getAccounts>,
  removeAccounts: {"id":"accounts.removeAccounts","path":"/accounts/remove-accounts","methods":["POST"],"access":"user"} as CallRoute<typeof accountsCalls.removeAccounts>,
  updateAccounts: {"id":"accounts.updateAccounts","path":"/accounts/update-accounts","methods":["POST"],"access":"user"} as CallRoute<typeof accountsCalls.updateAccounts>,
};

export const admin = {
  addAccount: {"id":"admin.addAccount","path":"/admin/add-account","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.addAccount>,
  clearAccounts: {"id":"admin.clearAccounts","path":"/admin/clear-accounts","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.clearAccounts>,
  findAccounts: {"id":"admin.findAccounts","path":"/admin/find-accounts","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.findAccounts>,
  getLoginAsUserAudit: {"id":"admin.getLoginAsUserAudit","path":"/admin/get-login-as-user-audit","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.getLoginAsUserAudit>,
  getTokenAsUser: {"id":"admin.getTokenAsUser","path":"/admin/get-token-as-user","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.getTokenAsUser>,
  getUser: {"id":"admin.getUser","path":"/admin/get-user","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.getUser>,
  getUserAccounts: {"id":"admin.getUserAccounts","path":"/admin/get-user-accounts","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.getUserAccounts>,
  getUserByEmail: {"id":"admin.getUserByEmail","path":"/admin/get-user-by-email","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.getUserByEmail>,
  signOutUser: {"id":"admin.signOutUser","path":"/admin/sign-out-user","methods":["POST"],"access":"user"} as CallRoute<typeof adminCalls.signOutUser>,
};

export const apiTokens = {
  createToken: {"id":"apiTokens.createToken","path":"/api-tokens/create-token","methods":["POST"],"access":"user"} as CallRoute<typeof apiTokensCalls.createToken>,
  getTokens: {"id":"apiTokens.getTokens","path":"/api-tokens/get-tokens","methods":["GET"],"access":"user"} as CallRoute<typeof apiTokensCalls.getTokens>,
  revokeToken: {"id":"apiTokens.revokeToken","path":"/api-tokens/revoke-token/:id","methods":["DELETE"],"access":"user"} as CallRoute<typeof apiTokensCalls.revokeToken>,
};

export const audit = {
  exportEntries: {"id":"audit.exportEntries","path":"/audit/export-entries","methods":["GET"],"access":"user","binary":"text/csv"} as CallRoute<typeof auditCalls.exportEntries>,
  getEntries: {"id":"audit.getEntries","path":"/audit/get-entries","methods":["GET"],"access":"user"} as CallRoute<typeof auditCalls.getEntries>,
  getEntryUsers: {"id":"audit.getEntryUsers","path":"/audit/get-entry-users","methods":["GET"],"access":"user"} as CallRoute<typeof auditCalls.getEntryUsers>,
};

export const auth = {
  confirmUserPassword: {"id":"auth.confirmUserPassword","path":"/auth/confirm-user-password","methods":["POST"],"access":"public"} as CallRoute<typeof authCalls.confirmUserPassword>,
  getToken: {"id":"auth.getToken","path":"/auth/get-token","methods":["POST"],"access":"public"} as CallRoute<typeof authCalls.getToken>,
  signOutEverywhere: {"id":"auth.signOutEverywhere","path":"/auth/sign-out-everywhere","methods":["POST"],"access":"user"} as CallRoute<typeof authCalls.signOutEverywhere>,
};

export const captcha = {
  getChallenge: {"id":"captcha.getChallenge","path":"/captcha/get-challenge","methods":["GET"],"access":"public"} as CallRoute<typeof captchaCalls.getChallenge>,
};

export const connectors = {
  getConnectorStatus: {"id":"connectors.getStatus","path":"/connectors/status","methods":["GET"],"access":"user"} as CallRoute<typeof connectorsCalls.getConnectorStatus>,
  listSources: {"id":"connectors.listSources","path":"/connectors/prometheus-sources","methods":["GET"],"access":"user"} as CallRoute<typeof connectorsCalls.listSources>,
  removeSource: {"id":"connectors.removeSource","path":"/connectors/prometheus-sources/:source_key","methods":["DELETE"],"access":"user"} as CallRoute<typeof connectorsCalls.removeSource>,
  saveSource: {"id":"connectors.saveSource","path":"/connectors/prometheus-sources","methods":["POST"],"access":"user"} as CallRoute<typeof connectorsCalls.saveSource>,
};

export const contact = {
  getTeam: {"id":"contact.getTeam","path":"/contact/get-team","methods":["POST"],"access":"user"} as CallRoute<typeof contactCalls.getTeam>,
  inquire: {"id":"contact.inquire","path":"/contact/inquire","methods":["POST"],"access":"user"} as CallRoute<typeof contactCalls.inquire>,
};

export const health = {
  health: {"id":"health","path":"/health","methods":["GET"],"access":"public"} as CallRoute<typeof healthCalls.health>,
  live: {"id":"healthLive","path":"/health/live","methods":["GET"],"access":"public"} as CallRoute<typeof healthCalls.live>,
  ready: {"id":"healthReady","path":"/health/ready","methods":["GET"],"access":"public"} as CallRoute<typeof healthCalls.ready>,
};

export const identity = {
  acceptInvitation: {"id":"users.acceptInvitation","path":"/users/accept-invitation","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.acceptInvitation>,
  checkInvitation: {"id":"users.checkInvitation","path":"/users/check-invitation","methods":["GET"],"access":"public"} as CallRoute<typeof identityCalls.checkInvitation>,
  createUserFromAccount: {"id":"users.createUserFromAccount","path":"/users/create-user-from-account","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.createUserFromAccount>,
  createUserFromHash: {"id":"users.createUserFromHash","path":"/users/create-user-from-hash","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.createUserFromHash>,
  createUserFromInvoice: {"id":"users.createUserFromInvoice","path":"/users/create-user-from-invoice","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.createUserFromInvoice>,
  forgotPassword: {"id":"auth.forgotPassword","path":"/auth/forgot-password","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.forgotPassword>,
  resendVerification: {"id":"users.resendVerification","path":"/users/resend-verification","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.resendVerification>,
  resetPassword: {"id":"auth.resetPassword","path":"/auth/reset-password","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.resetPassword>,
  verifyEmail: {"id":"users.verifyEmail","path":"/users/verify-email","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.verifyEmail>,
  verifyEmailAndSetPassword: {"id":"users.verifyEmailAndSetPassword","path":"/users/verify-email-and-set-password","methods":["POST"],"access":"public"} as CallRoute<typeof identityCalls.verifyEmailAndSetPassword>,
};

export const integration = {
  createToken: {"id":"integration.createToken","path":"/integration/tokens","methods":["POST"],"access":"user"} as CallRoute<typeof integrationCalls.createToken>,
  enableWebhook: {"id":"integration.enableWebhook","path":"/integration/tokens/:id/enable-webhook","methods":["POST"],"access":"user"} as CallRoute<typeof integrationCalls.enableWebhook>,
  inviteLoadedUsers: {"id":"integration.inviteLoadedUsers","path":"/integration/invite-loaded-users","methods":["POST"],"access":"user"} as CallRoute<typeof integrationCalls.inviteLoadedUsers>,
  latestInvitationRun: {"id":"integration.latestInvitationRun","path":"/integration/invite-loaded-users/latest","methods":["GET"],"access":"user"} as CallRoute<typeof integrationCalls.latestInvitationRun>,
  listBatches: {"id":"integration.listBatches","path":"/integration/batches","methods":["GET"],"access":"user"} as CallRoute<typeof integrationCalls.listBatches>,
  listTokens: {"id":"integration.listTokens","path":"/integration/tokens","methods":["GET"],"access":"user"} as CallRoute<typeof integrationCalls.listTokens>,
  revokeToken: {"id":"integration.revokeToken","path":"/integration/tokens/:id","methods":["DELETE"],"access":"user"} as CallRoute<typeof integrationCalls.revokeToken>,
};

export const invoices = {
  downloadInvoice: {"id":"invoices.downloadInvoice","path":"/invoices/download-invoice","methods":["POST"],"access":"user","binary":"application/pdf"} as CallRoute<typeof invoicesCalls.downloadInvoice>,
  downloadInvoiceProductHistory: {"id":"invoices.downloadInvoiceProductHistory","path":"/invoices/download-invoice-product-history","methods":["POST"],"access":"user","binary":"text/csv"} as CallRoute<typeof invoicesCalls.downloadInvoiceProductHistory>,
  getBalanceHistory: {"id":"invoices.getBalanceHistory","path":"/invoices/get-balance-history","methods":["POST","GET"],"access":"user"} as CallRoute<typeof invoicesCalls.getBalanceHistory>,
  getInvoice: {"id":"invoices.getInvoice","path":"/invoices/get-invoice","methods":["POST"],"access":"user"} as CallRoute<typeof invoicesCalls.getInvoice>,
  getInvoiceProducts: {"id":"invoices.getInvoiceProducts","path":"/invoices/get-invoice-products","methods":["POST"],"access":"user"} as CallRoute<typeof invoicesCalls.getInvoiceProducts>,
  getInvoices: {"id":"invoices.getInvoices","path":"/invoices/get-invoices","methods":["POST"],"access":"user"} as CallRoute<typeof invoicesCalls.getInvoices>,
  getLatestInvoice: {"id":"invoices.getLatestInvoice","path":"/invoices/get-latest-invoice","methods":["POST"],"access":"user"} as CallRoute<typeof invoicesCalls.getLatestInvoice>,
};

export const legal = {
  acceptAgreement: {"id":"legal.acceptAgreement","path":"/legal/accept-agreement","methods":["POST"],"access":"user"} as CallRoute<typeof legalCalls.acceptAgreement>,
  getActiveAgreements: {"id":"legal.getActiveAgreements","path":"/legal/get-active-agreements","methods":["POST"],"access":"public"} as CallRoute<typeof legalCalls.getActiveAgreements>,
  getAgreement: {"id":"legal.getAgreement","path":"/legal/get-agreement","methods":["POST"],"access":"user"} as CallRoute<typeof legalCalls.getAgreement>,
  getUnacceptedAgreements: {"id":"legal.getUnacceptedAgreements","path":"/legal/get-unnaccepted-agreements","methods":["POST"],"access":"user"} as CallRoute<typeof legalCalls.getUnacceptedAgreements>,
};

export const metrics = {
  downloadSeries: {"id":"metrics.downloadSeries","path":"/metrics/download-series","methods":["GET"],"access":"user","binary":"text/csv"} as CallRoute<typeof metricsCalls.downloadSeries>,
  exportSeries: {"id":"metrics.exportSeries","path":"/metrics/export-series","methods":["GET"],"access":"user"} as CallRoute<typeof metricsCalls.exportSeries>,
  getDataFreshness: {"id":"products.getDataFreshness","path":"/metrics/get-data-freshness","methods":["GET"],"access":"user"} as CallRoute<typeof metricsCalls.getDataFreshness>,
  getNetworkSummary: {"id":"products.getNetworkSummary","path":"/network/get-network-summary","methods":["GET"],"access":"user"} as CallRoute<typeof metricsCalls.getNetworkSummary>,
  liveOrder: {"id":"products.liveOrder","path":"/live/orders/:baseOrderId","methods":["GET"],"access":"user","binary":"text/event-stream"} as CallRoute<typeof metricsCalls.liveOrder>,
};

export const notifications = {
  downloadCalendarEvent: {"id":"notifications.downloadCalendarEvent","path":"/notifications/download-calendar-event","methods":["POST"],"access":"user","binary":"text/calendar"} as CallRoute<typeof notificationsCalls.downloadCalendarEvent>,
  getActiveNotificationsCount: {"id":"notifications.getActiveCmcNotificationsCount","path":"/notifications/get-active-cmc-notifications-count","methods":["POST"],"access":"user"} as CallRoute<typeof notificationsCalls.getActiveNotificationsCount>,
  getCalendar: {"id":"notifications.getCalendar","path":"/calendar/:feed.ics","methods":["GET"],"access":"public","binary":"text/calendar"} as CallRoute<typeof notificationsCalls.getCalendar>,
  getCalendarFeed: {"id":"notifications.getCalendarFeed","path":"/notifications/calendar-feed","methods":["GET"],"access":"user"} as CallRoute<typeof notificationsCalls.getCalendarFeed>,
  getCmcNotification: {"id":"notifications.getCmcNotification","path":"/notifications/get-cmc-notification","methods":["POST"],"access":"user"} as CallRoute<typeof notificationsCalls.getCmcNotification>,
  getCmcNotifications: {"id":"notifications.getCmcNotifications","path":"/notifications/get-cmc-notifications","methods":["POST"],"access":"user"} as CallRoute<typeof notificationsCalls.getCmcNotifications>,
  getOutages: {"id":"notifications.getOutages","path":"/notifications/get-outages","methods":["POST","GET"],"access":"public"} as CallRoute<typeof notificationsCalls.getOutages>,
  renewCalendarFeed: {"id":"notifications.renewCalendarFeed","path":"/notifications/calendar-feed","methods":["POST"],"access":"user"} as CallRoute<typeof notificationsCalls.renewCalendarFeed>,
  turnOffCalendarFeed: {"id":"notifications.turnOffCalendarFeed","path":"/notifications/calendar-feed","methods":["DELETE"],"access":"user"} as CallRoute<typeof notificationsCalls.turnOffCalendarFeed>,
};

export const orders = {
  changeAlias: {"id":"orders.changeAlias","path":"/orders/change-alias","methods":["POST"],"access":"user"} as CallRoute<typeof ordersCalls.changeAlias>,
  downloadOrders: {"id":"orders.downloadOrders","path":"/orders/download-orders","methods":["POST"],"access":"user","binary":"text/csv"} as CallRoute<typeof ordersCalls.downloadOrders>,
  getOrder: {"id":"orders.getOrder","path":"/orders/get-order","methods":["POST"],"access":"user"} as CallRoute<typeof ordersCalls.getOrder>,
  getOrders: {"id":"orders.getOrders","path":"/orders/get-orders","methods":["POST"],"access":"user"} as CallRoute<typeof ordersCalls.getOrders>,
  getPendingOrders: {"id":"orders.getPendingOrders","path":"/orders/get-pending-orders","methods":["POST"],"access":"user"} as CallRoute<typeof ordersCalls.getPendingOrders>,
  getProducts: {"id":"orders.getProducts","path":"/orders/get-products","methods":["GET","POST"],"access":"user"} as CallRoute<typeof ordersCalls.getProducts>,
};

export const outbox = {
  getOutbox: {"id":"dev.getOutbox","path":"/dev/outbox","methods":["GET"],"access":"public"} as CallRoute<typeof outboxCalls.getOutbox>,
};

export const payments = {
  getActions: {"id":"payments.getActions","path":"/payments/get-actions","methods":["GET","POST"],"access":"user"} as CallRoute<typeof paymentsCalls.getActions>,
  getOptions: {"id":"payments.getOptions","path":"/payments/get-options","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.getOptions>,
  getPayment: {"id":"payments.getPayment","path":"/payments/get-payment","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.getPayment>,
  getPayments: {"id":"payments.getPayments","path":"/payments/get-payments","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.getPayments>,
  getStatus: {"id":"payments.getStatus","path":"/payments/get-status","methods":["GET","POST"],"access":"user"} as CallRoute<typeof paymentsCalls.getStatus>,
  removeMethod: {"id":"payments.removeMethod","path":"/payments/remove-method","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.removeMethod>,
  setAutopay: {"id":"payments.setAutopay","path":"/payments/set-autopay","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.setAutopay>,
  setDefaultMethod: {"id":"payments.setDefaultMethod","path":"/payments/set-default-method","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.setDefaultMethod>,
  startCheckout: {"id":"payments.startCheckout","path":"/payments/start-checkout","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.startCheckout>,
  startSetup: {"id":"payments.startSetup","path":"/payments/start-setup","methods":["POST"],"access":"user"} as CallRoute<typeof paymentsCalls.startSetup>,
  stripeWebhook: {"id":"payments.stripeWebhook","path":"/payments/stripe/webhook","methods":["POST"],"access":"public"} as CallRoute<typeof paymentsCalls.stripeWebhook>,
};

export const pins = {
  getUserAccountsPins: {"id":"pins.getUserAccountsPins","path":"/pins/get-user-accounts-pins","methods":["POST"],"access":"user"} as CallRoute<typeof pinsCalls.getUserAccountsPins>,
  resetPin: {"id":"pins.resetPin","path":"/pins/reset-pin","methods":["POST"],"access":"user"} as CallRoute<typeof pinsCalls.resetPin>,
  sendPinReset: {"id":"pins.sendPinReset","path":"/pins/send-pin-reset","methods":["POST"],"access":"user"} as CallRoute<typeof pinsCalls.sendPinReset>,
};

export const products = {
  downloadNetworkStats: {"id":"products.downloadNetworkStats","path":"/network/download-network-stats","methods":["GET"],"access":"user","binary":"text/csv"} as CallRoute<typeof productsCalls.downloadNetworkStats>,
  getBuckets: {"id":"products.getBuckets","path":"/orders-ob/get-buckets","methods":["GET"],"access":"user"} as CallRoute<typeof productsCalls.getBuckets>,
  getNetworkOrder: {"id":"products.getNetworkOrder","path":"/network/get-network-order","methods":["GET"],"access":"user"} as CallRoute<typeof productsCalls.getNetworkOrder>,
  getNetworkStats: {"id":"products.getNetworkStats","path":"/network/get-network-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsCalls.getNetworkStats>,
  getObStats: {"id":"products.getObStats","path":"/orders-ob/get-ob-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsCalls.getObStats>,
  getOrderOb: {"id":"products.getOrderOb","path":"/orders-ob/get-order-ob","methods":["GET"],"access":"user"} as CallRoute<typeof productsCalls.getOrderOb>,
  getUsageOrder: {"id":"products.getUsageOrder","path":"/usage-based/get-usage-order","methods":["GET"],"access":"user"} as CallRoute<typeof productsCalls.getUsageOrder>,
  getUsageStats: {"id":"products.getUsageStats","path":"/usage-based/get-usage-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsCalls.getUsageStats>,
};

export const productsBackup = {
  getCvStats: {"id":"productsBackup.getCvStats","path":"/orders-cv/get-cv-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsBackupCalls.getCvStats>,
  getEdStats: {"id":"productsBackup.getEdStats","path":"/orders-ed/get-ed-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsBackupCalls.getEdStats>,
  getOrderCv: {"id":"productsBackup.getOrderCv","path":"/orders-cv/get-order-cv","methods":["GET"],"access":"user"} as CallRoute<typeof productsBackupCalls.getOrderCv>,
  getOrderEd: {"id":"productsBackup.getOrderEd","path":"/orders-ed/get-order-ed","methods":["GET"],"access":"user"} as CallRoute<typeof productsBackupCalls.getOrderEd>,
};

export const productsBs = {
  getBsManagedBackup: {"id":"productsBs.getBsManagedBackup","path":"/orders-bs/get-bs-managed-backup","methods":["GET"],"access":"user"} as CallRoute<typeof productsBsCalls.getBsManagedBackup>,
  getBsManagedBackups: {"id":"productsBs.getBsManagedBackups","path":"/orders-bs/get-bs-managed-backups","methods":["GET"],"access":"user"} as CallRoute<typeof productsBsCalls.getBsManagedBackups>,
  getBsResourceBackups: {"id":"productsBs.getBsResourceBackups","path":"/orders-bs/get-bs-resource-backups","methods":["GET"],"access":"user"} as CallRoute<typeof productsBsCalls.getBsResourceBackups>,
  getBsStorageStats: {"id":"productsBs.getBsStorageStats","path":"/orders-bs/get-bs-storage-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsBsCalls.getBsStorageStats>,
  getOrderBs: {"id":"productsBs.getOrderBs","path":"/orders-bs/get-order-bs","methods":["GET"],"access":"user"} as CallRoute<typeof productsBsCalls.getOrderBs>,
};

export const productsDd = {
  getDdStats: {"id":"productsDd.getDdStats","path":"/orders-dd/get-dd-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsDdCalls.getDdStats>,
  getDdZones: {"id":"productsDd.getDdZones","path":"/orders-dd/get-dd-zones","methods":["GET"],"access":"user"} as CallRoute<typeof productsDdCalls.getDdZones>,
  getOrderDd: {"id":"productsDd.getOrderDd","path":"/orders-dd/get-order-dd","methods":["GET"],"access":"user"} as CallRoute<typeof productsDdCalls.getOrderDd>,
  getThreatCountries: {"id":"productsDd.getThreatCountries","path":"/orders-dd/get-threat-countries","methods":["GET"],"access":"user"} as CallRoute<typeof productsDdCalls.getThreatCountries>,
};

export const productsCloud = {
  getChStats: {"id":"productsCloud.getChStats","path":"/orders-ch/get-ch-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsCloudCalls.getChStats>,
  getOcStats: {"id":"productsCloud.getOcStats","path":"/orders-oc/get-oc-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsCloudCalls.getOcStats>,
  getOrderCh: {"id":"productsCloud.getOrderCh","path":"/orders-ch/get-order-ch","methods":["GET"],"access":"user"} as CallRoute<typeof productsCloudCalls.getOrderCh>,
  getOrderOc: {"id":"productsCloud.getOrderOc","path":"/orders-oc/get-order-oc","methods":["GET"],"access":"user"} as CallRoute<typeof productsCloudCalls.getOrderOc>,
};

export const productsDs = {
  downloadVms: {"id":"productsDs.downloadVms","path":"/orders-ds/download-vms","methods":["GET"],"access":"user","binary":"text/csv"} as CallRoute<typeof productsDsCalls.downloadVms>,
  getDsStats: {"id":"productsDs.getDsStats","path":"/orders-ds/get-ds-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsDsCalls.getDsStats>,
  getOrderDs: {"id":"productsDs.getOrderDs","path":"/orders-ds/get-order-ds","methods":["GET"],"access":"user"} as CallRoute<typeof productsDsCalls.getOrderDs>,
  getVm: {"id":"productsDs.getVm","path":"/orders-ds/get-vm","methods":["GET"],"access":"user"} as CallRoute<typeof productsDsCalls.getVm>,
  getVms: {"id":"productsDs.getVms","path":"/orders-ds/get-vms","methods":["GET"],"access":"user"} as CallRoute<typeof productsDsCalls.getVms>,
  getVmStats: {"id":"productsDs.getVmStats","path":"/orders-ds/get-vm-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsDsCalls.getVmStats>,
  getVpg: {"id":"productsDs.getVpg","path":"/orders-ds/get-vpg","methods":["GET"],"access":"user"} as CallRoute<typeof productsDsCalls.getVpg>,
  getVpgStats: {"id":"productsDs.getVpgStats","path":"/orders-ds/get-vpg-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsDsCalls.getVpgStats>,
};

export const productsEb = {
  getEbAgentClient: {"id":"productsEb.getEbAgentClient","path":"/orders-eb/get-eb-agent-client","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getEbAgentClient>,
  getEbAgentClients: {"id":"productsEb.getEbAgentClients","path":"/orders-eb/get-eb-agent-clients","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getEbAgentClients>,
  getEbAgentClientStats: {"id":"productsEb.getEbAgentClientStats","path":"/orders-eb/get-eb-agent-client-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getEbAgentClientStats>,
  getEbImageMachine: {"id":"productsEb.getEbImageMachine","path":"/orders-eb/get-eb-image-machine","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getEbImageMachine>,
  getEbImageMachines: {"id":"productsEb.getEbImageMachines","path":"/orders-eb/get-eb-image-machines","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getEbImageMachines>,
  getEbImageMachineStats: {"id":"productsEb.getEbImageMachineStats","path":"/orders-eb/get-eb-image-machine-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getEbImageMachineStats>,
  getEbStats: {"id":"productsEb.getEbStats","path":"/orders-eb/get-eb-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getEbStats>,
  getOrderEb: {"id":"productsEb.getOrderEb","path":"/orders-eb/get-order-eb","methods":["GET"],"access":"user"} as CallRoute<typeof productsEbCalls.getOrderEb>,
};

export const productsRp = {
  downloadResourcePoolVms: {"id":"productsRp.downloadResourcePoolVms","path":"/resource-pools/download-resource-pool-vms","methods":["GET"],"access":"user","binary":"text/csv"} as CallRoute<typeof productsRpCalls.downloadResourcePoolVms>,
  getResourcePoolOrder: {"id":"productsRp.getResourcePoolOrder","path":"/resource-pools/get-resource-pool-order","methods":["GET"],"access":"user"} as CallRoute<typeof productsRpCalls.getResourcePoolOrder>,
  getResourcePoolStats: {"id":"productsRp.getResourcePoolStats","path":"/resource-pools/get-resource-pool-stats","methods":["GET"],"access":"user"} as CallRoute<typeof productsRpCalls.getResourcePoolStats>,
  getResourcePoolVms: {"id":"productsRp.getResourcePoolVms","path":"/resource-pools/get-resource-pool-vms","methods":["GET"],"access":"user"} as CallRoute<typeof productsRpCalls.getResourcePoolVms>,
};

export const profile = {
  activateTwoFactor: {"id":"users.activateTwoFactorAuthenticationSecret","path":"/users/activate-two-factor-authentication-secret","methods":["POST"],"access":"user"} as CallRoute<typeof profileCalls.activateTwoFactor>,
  createRecoveryCodes: {"id":"users.createRecoveryCodes","path":"/users/create-recovery-codes","methods":["POST"],"access":"user"} as CallRoute<typeof profileCalls.createRecoveryCodes>,
  disableTwoFactor: {"id":"users.disableTwoFactorAuthentication","path":"/users/disable-two-factor-authentication","methods":["POST"],"access":"user"} as CallRoute<typeof profileCalls.disableTwoFactor>,
  getProfile: {"id":"users.getProfile","path":"/users/get-profile","methods":["GET"],"access":"user"} as CallRoute<typeof profileCalls.getProfile>,
  getTwoFactorSecret: {"id":"users.getTwoFactorAuthenticationSecret","path":"/users/get-two-factor-authentication-secret","methods":["GET"],"access":"user"} as CallRoute<typeof profileCalls.getTwoFactorSecret>,
  updatePassword: {"id":"users.updatePassword","path":"/users/update-password","methods":["POST"],"access":"user"} as CallRoute<typeof profileCalls.updatePassword>,
  updateProfile: {"id":"users.updateProfile","path":"/users/update-profile","methods":["POST"],"access":"user"} as CallRoute<typeof profileCalls.updateProfile>,
};

export const provider = {
  getFavicon: {"id":"provider.getFavicon","path":"/provider/favicon","methods":["GET"],"access":"public","binary":"image/*"} as CallRoute<typeof providerCalls.getFavicon>,
  getLogo: {"id":"provider.getLogo","path":"/provider/logo","methods":["GET"],"access":"public","binary":"image/*"} as CallRoute<typeof providerCalls.getLogo>,
  getProfile: {"id":"provider.getProfile","path":"/admin/provider-profile","methods":["GET"],"access":"user"} as CallRoute<typeof providerCalls.getProfile>,
  getPublicProfile: {"id":"provider.getPublicProfile","path":"/provider/profile","methods":["GET"],"access":"public"} as CallRoute<typeof providerCalls.getPublicProfile>,
  saveProfile: {"id":"provider.saveProfile","path":"/admin/provider-profile","methods":["POST"],"access":"user"} as CallRoute<typeof providerCalls.saveProfile>,
};

export const resources = {
  getImage: {"id":"resources.getImage","path":"/content/images/:file","methods":["GET"],"access":"public","binary":"image/svg+xml"} as CallRoute<typeof resourcesCalls.getImage>,
  getResource: {"id":"resources.getResource","path":"/content/portal-resources/:resourceId","methods":["GET"],"access":"user"} as CallRoute<typeof resourcesCalls.getResource>,
  getResourceCategories: {"id":"resources.getCategories","path":"/content/portal-resource-categories","methods":["GET"],"access":"user"} as CallRoute<typeof resourcesCalls.getResourceCategories>,
  getResources: {"id":"resources.getResources","path":"/content/portal-resources","methods":["GET"],"access":"user"} as CallRoute<typeof resourcesCalls.getResources>,
};

export const signupAccess = {
  getSignupAccess: {"id":"signupAccess.get","path":"/users/signup-access/:key","methods":["GET"],"access":"public"} as CallRoute<typeof signupAccessCalls.getSignupAccess>,
  getSignupAccessGrants: {"id":"admin.getSignupAccessGrants","path":"/admin/get-signup-access-grants","methods":["POST"],"access":"user"} as CallRoute<typeof signupAccessCalls.getSignupAccessGrants>,
  revokeSignupAccess: {"id":"signupAccess.revoke","path":"/users/revoke-signup-access","methods":["POST"],"access":"public"} as CallRoute<typeof signupAccessCalls.revokeSignupAccess>,
};

export const snmp = {
  listDevices: {"id":"snmp.listDevices","path":"/connectors/snmp-devices","methods":["GET"],"access":"user"} as CallRoute<typeof snmpCalls.listDevices>,
  removeDevice: {"id":"snmp.removeDevice","path":"/connectors/snmp-devices/:device_key","methods":["DELETE"],"access":"user"} as CallRoute<typeof snmpCalls.removeDevice>,
  saveDevice: {"id":"snmp.saveDevice","path":"/connectors/snmp-devices","methods":["POST"],"access":"user"} as CallRoute<typeof snmpCalls.saveDevice>,
};

export const tickets = {
  createTicket: {"id":"tickets.createTicket","path":"/tickets/create-ticket","methods":["POST"],"access":"user"} as CallRoute<typeof ticketsCalls.createTicket>,
  downloadAttachment: {"id":"tickets.downloadAttachment","path":"/tickets/download-attachment","methods":["POST"],"access":"user","binary":"application/octet-stream"} as CallRoute<typeof ticketsCalls.downloadAttachment>,
  getTicket: {"id":"tickets.getTicket","path":"/tickets/get-ticket","methods":["POST"],"access":"user"} as CallRoute<typeof ticketsCalls.getTicket>,
  getTicketContact: {"id":"tickets.getTicketContact","path":"/tickets/get-ticket-contact","methods":["POST"],"access":"user"} as CallRoute<typeof ticketsCalls.getTicketContact>,
  getTickets: {"id":"tickets.getTickets","path":"/tickets/get-tickets","methods":["POST"],"access":"user"} as CallRoute<typeof ticketsCalls.getTickets>,
  getTicketsRequestingResponse: {"id":"tickets.getTicketsRequestingResponse","path":"/tickets/get-tickets-requesting-response","methods":["POST"],"access":"user"} as CallRoute<typeof ticketsCalls.getTicketsRequestingResponse>,
  replyToTicket: {"id":"tickets.replyToTicket","path":"/tickets/reply-to-ticket","methods":["POST"],"access":"user"} as CallRoute<typeof ticketsCalls.replyToTicket>,
  uploadAttachment: {"id":"tickets.uploadAttachment","path":"/tickets/upload-attachment","methods":["POST"],"access":"user"} as CallRoute<typeof ticketsCalls.uploadAttachment>,
};

export const users = {
  addExistingUser: {"id":"users.addExistingUser","path":"/users/add-existing-user","methods":["POST"],"access":"user"} as CallRoute<typeof usersCalls.addExistingUser>,
  addNewUser: {"id":"users.addNewUser","path":"/users/add-new-user","methods":["POST"],"access":"user"} as CallRoute<typeof usersCalls.addNewUser>,
  cancelInvitation: {"id":"users.cancelInvitation","path":"/users/cancel-invitation/:invitationId","methods":["POST"],"access":"user"} as CallRoute<typeof usersCalls.cancelInvitation>,
  deleteUser: {"id":"users.deleteUser","path":"/users/delete-user/:userId","methods":["POST","GET"],"access":"user"} as CallRoute<typeof usersCalls.deleteUser>,
  getAuthenticatedUser: {"id":"users.getAuthenticatedUser","path":"/users/get-authenticated-user","methods":["GET"],"access":"user"} as CallRoute<typeof usersCalls.getAuthenticatedUser>,
  getInvitations: {"id":"users.getInvitations","path":"/users/get-invitations","methods":["GET"],"access":"user"} as CallRoute<typeof usersCalls.getInvitations>,
  getUser: {"id":"users.getUser","path":"/users/get-user/:userId","methods":["GET"],"access":"user"} as CallRoute<typeof usersCalls.getUser>,
  getUsers: {"id":"users.getUsers","path":"/users/get-users","methods":["GET"],"access":"user"} as CallRoute<typeof usersCalls.getUsers>,
  sendPasswordReset: {"id":"users.sendPasswordReset","path":"/auth/forgot-password/:email","methods":["POST"],"access":"user"} as CallRoute<typeof usersCalls.sendPasswordReset>,
  updateUser: {"id":"users.updateUser","path":"/users/update-user","methods":["POST"],"access":"user"} as CallRoute<typeof usersCalls.updateUser>,
};
