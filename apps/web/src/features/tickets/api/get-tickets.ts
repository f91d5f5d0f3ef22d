import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type tickets } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

export type TicketsFilter = CallInput<typeof tickets.getTickets>;

/** A page of the user's tickets (the list page form: page, account, search, sort). */
export const getTickets = (filter: TicketsFilter, signal?: AbortSignal) =>
  request(calls.tickets.getTickets, filter, { signal });

export const ticketsQueryOptions = (filter: TicketsFilter) =>
  queryOptions({
    queryKey: ticketKeys.list(filter),
    queryFn: ({ signal }) => getTickets(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useTickets = (filter: TicketsFilter) => useQuery(ticketsQueryOptions(filter));
