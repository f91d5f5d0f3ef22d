import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

/** Tickets on which the provider waits for the customer's answer. */
export const getTicketsRequestingResponse = (signal?: AbortSignal) =>
  request(calls.tickets.getTicketsRequestingResponse, {}, { signal });

export const ticketsRequestingResponseQueryOptions = () =>
  queryOptions({
    queryKey: ticketKeys.requestingResponse(),
    queryFn: ({ signal }) => getTicketsRequestingResponse(signal),
  });

export const useTicketsRequestingResponse = () => useQuery(ticketsRequestingResponseQueryOptions());
