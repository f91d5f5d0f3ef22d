/** Query keys of the orders area. */
export const orderKeys = {
  all: ['orders'] as const,
  pending: (count: number) => [...orderKeys.all, 'pending', count] as const,
};
