import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type tickets } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

export const createTicket = (input: CallInput<typeof tickets.createTicket>) =>
  request(calls.tickets.createTicket, input);

/** Opens a ticket; every ticket list is fetched again so it shows at once. */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
