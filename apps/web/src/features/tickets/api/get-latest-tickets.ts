import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

/** The newest tickets by last update (the dashboard form of tickets/get-tickets: first page only). */
export const getLatestTickets = async (perPage: number, signal?: AbortSignal) => {
  const page = await request(
    calls.tickets.getTickets,
    { perPage, sort_column: 'last_update_posted', sort_order: 'desc' },
    { signal },
  );
  return page.data;
};

export const latestTicketsQueryOptions = (perPage: number) =>
  queryOptions({ queryKey: ticketKeys.latest(perPage), queryFn: ({ signal }) => getLatestTickets(perPage, signal) });

export const useLatestTickets = (perPage: number) => useQuery(latestTicketsQueryOptions(perPage));
