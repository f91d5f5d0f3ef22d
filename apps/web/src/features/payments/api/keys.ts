/** Query keys of the payments area. */
export const paymentKeys = {
  all: ['payments'] as const,
  status: () => [...paymentKeys.all, 'status'] as const,
  options: (accountId: number) => [...paymentKeys.all, 'options', accountId] as const,
  payment: (accountId: number, reference: string) => [...paymentKeys.all, 'payment', accountId, reference] as const,
  list: (accountId: number, page: number) => [...paymentKeys.all, 'list', accountId, page] as const,
  actions: () => [...paymentKeys.all, 'actions'] as const,
};
