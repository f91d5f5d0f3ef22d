import type { CollectionName } from '@portal/contract';

import { upsertAccountItem, upsertAccounts } from './accounts.ts';
import { upsertInvoiceItem, upsertInvoices } from './invoices.ts';
import { upsertNotificationItem } from './notifications.ts';
import { upsertOrderItem, upsertOrders } from './orders.ts';
import { upsertOutageItem } from './outages.ts';
import { upsertPaymentItem, upsertPayments } from './payments.ts';
import { upsertProductObjectItem } from './product-objects.ts';
import { upsertProductItem } from './products.ts';
import { upsertPrometheusSourceItem } from './prometheus-sources.ts';
import { upsertSnmpDeviceItem } from './snmp-devices.ts';
import { upsertTicketItem } from './tickets.ts';
import type { Upsert, UpsertSet } from './upsert.ts';
import { upsertUserItem } from './users.ts';

/** The one upsert service of each collection: the batch call, the import command and tests use these. */
export const upserts: Record<CollectionName, Upsert<never>> = {
  accounts: upsertAccountItem,
  users: upsertUserItem,
  products: upsertProductItem,
  orders: upsertOrderItem,
  invoices: upsertInvoiceItem,
  payments: upsertPaymentItem,
  notifications: upsertNotificationItem,
  outages: upsertOutageItem,
  tickets: upsertTicketItem,
  'product-objects': upsertProductObjectItem,
  'snmp-devices': upsertSnmpDeviceItem,
  'prometheus-sources': upsertPrometheusSourceItem,
};

/**
 * The collections applied set-based (decision 128): a batch (or an import's chunk of rows) in one
 * transaction and a fixed number of statements. The others are applied item by item.
 */
export const setUpserts: Partial<Record<CollectionName, UpsertSet<never>>> = {
  invoices: upsertInvoices,
  payments: upsertPayments,
  orders: upsertOrders,
  accounts: upsertAccounts,
};
