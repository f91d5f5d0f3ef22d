/** Query keys of the tickets area. */
export const ticketKeys = {
  all: ['tickets'] as const,
  latest: (perPage: number) => [...ticketKeys.all, 'latest', perPage] as const,
  requestingResponse: () => [...ticketKeys.all, 'requesting-response'] as const,
  list: (filter: object) => [...ticketKeys.all, 'list', filter] as const,
  detail: (ticketId: number) => [...ticketKeys.all, 'detail', ticketId] as const,
  contact: () => [...ticketKeys.all, 'contact'] as const,
};
