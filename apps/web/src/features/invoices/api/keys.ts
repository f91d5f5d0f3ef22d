/** Query keys of the invoices area. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  latest: (accountId: number) => [...invoiceKeys.all, 'latest', accountId] as const,
  products: (accountId: number, cycleLogId: number) => [...invoiceKeys.all, 'products', accountId, cycleLogId] as const,
  list: (filter: object) => [...invoiceKeys.all, 'list', filter] as const,
  balanceHistory: () => [...invoiceKeys.all, 'balance-history'] as const,
  detail: (accountId: number, cycleLogId: number) => [...invoiceKeys.all, 'detail', accountId, cycleLogId] as const,
};
