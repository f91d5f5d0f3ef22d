import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

/** One of the user's tickets with its whole conversation. */
export const getTicket = (ticketId: number, signal?: AbortSignal) =>
  request(calls.tickets.getTicket, { ticketId }, { signal });

export const ticketQueryOptions = (ticketId: number) =>
  queryOptions({ queryKey: ticketKeys.detail(ticketId), queryFn: ({ signal }) => getTicket(ticketId, signal) });

export const useTicket = (ticketId: number) => useQuery(ticketQueryOptions(ticketId));
