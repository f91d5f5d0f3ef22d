/** Query keys of the services area. */
export const serviceKeys = {
  all: ['services'] as const,
  list: (filter: object) => [...serviceKeys.all, 'list', filter] as const,
  detail: (baseOrderId: number) => [...serviceKeys.all, 'detail', baseOrderId] as const,
};
