import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type tickets } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { ticketKeys } from './keys.ts';

export const replyToTicket = (input: CallInput<typeof tickets.replyToTicket>) =>
  request(calls.tickets.replyToTicket, input);

/** Sends the customer's reply; the ticket, the lists and the awaiting-response notice are fetched again. */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
