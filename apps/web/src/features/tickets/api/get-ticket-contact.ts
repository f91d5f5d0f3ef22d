import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

/** The contact details a new ticket starts with: the user's name and email, the phone of their last ticket. */
export const getTicketContact = (signal?: AbortSignal) => request(calls.tickets.getTicketContact, {}, { signal });

export const ticketContactQueryOptions = () =>
  queryOptions({ queryKey: ticketKeys.contact(), queryFn: ({ signal }) => getTicketContact(signal) });

export const useTicketContact = () => useQuery(ticketContactQueryOptions());
