/** Business constants shared by the app and the API (spec core.md section 9, services.md section 9). */
export const pageSizes = {
  adminAccounts: 20,
  invoices: 20,
  notifications: 10,
  services: 20,
  tickets: 20,
  chooseService: 10,
  backupHistory: 15,
  drTables: 10,
  endpointTables: 10,
  buckets: 10,
  resourcePoolVms: 10,
  resources: 9,
  users: 20,
} as const;

export const dashboard = { tickets: 4, pendingOrders: 5 } as const;

export const timing = {
  redirectDelayMs: 3000,
  loginDataReuseSeconds: 900,
  loginDataAttempts: 3,
  loginDataRetryDelayMs: 300,
} as const;

export const layout = { sidebarBreakpoint: 1024, shareBreakpoints: [640, 1024] } as const;

export const maxPerPage = 100;

/** The staff level (uss_admin_level) each staff area needs. */
export const staffLevels = { accountAccess: 1, grantAdmin: 2, loginAsUser: 3 } as const;

/** The staff level of the integration, connector and SNMP pages. */
export const integrationStaffLevel = 3;

/** Columns the services (orders) list sorts by. */
export const orderSortColumns = [
  'product',
  'order_number',
  'uss_circuit_id',
  'customer_ref',
  'alias',
  'mrc_charges',
] as const;
export type OrderSortColumn = (typeof orderSortColumns)[number];

/** Columns the invoice list sorts by (default: newest bill first). */
export const invoiceSortColumns = [
  'invoice_number',
  'account_number',
  'bill_date',
  'due_date',
  'total_amt_due',
] as const;

/** The columns the bucket list sorts by (spec services.md, object storage). */
export const bucketSortColumns = ['bucket', 'size', 'num_objects'] as const;

export type BucketSortColumn = (typeof bucketSortColumns)[number];
