import { tickets } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

/** Tickets on which the provider waits for the customer's answer. */
export const getTicketsRequestingResponse = (signal?: AbortSignal) =>
  request(tickets.getTicketsRequestingResponse, {}, { signal });

export const ticketsRequestingResponseQueryOptions = () =>
  queryOptions({
    queryKey: ticketKeys.requestingResponse(),
    queryFn: ({ signal }) => getTicketsRequestingResponse(signal),
  });

export const useTicketsRequestingResponse = () => useQuery(ticketsRequestingResponseQueryOptions());
