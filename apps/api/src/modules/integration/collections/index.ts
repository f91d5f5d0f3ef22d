import type { CollectionName } from '@portal/contract';

import { upsertAccountItem } from './accounts.ts';
import { upsertInvoiceItem } from './invoices.ts';
import { upsertNotificationItem } from './notifications.ts';
import { upsertOrderItem } from './orders.ts';
import { upsertOutageItem } from './outages.ts';
import { upsertPaymentItem } from './payments.ts';
import { upsertProductObjectItem } from './product-objects.ts';
import { upsertProductItem } from './products.ts';
import { upsertPrometheusSourceItem } from './prometheus-sources.ts';
import { upsertSnmpDeviceItem } from './snmp-devices.ts';
import { upsertTicketItem } from './tickets.ts';
import type { Upsert } from './upsert.ts';
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
