/** Query keys of the per-product pages. */
export const productKeys = {
  all: ['products'] as const,
  order: (controller: string, baseOrderId: number) => [...productKeys.all, controller, 'order', baseOrderId] as const,
  stats: (controller: string, input: object) => [...productKeys.all, controller, 'stats', input] as const,
};
