import * as calls from '@portal/contract/routes';
import { type outbox, type CallInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

export type OutboxInput = CallInput<typeof outbox.getOutbox>;

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (input: OutboxInput) => [...outboxKeys.all, input] as const,
};

/** The local outbox, newest first (only without SMTP; NOT_FOUND otherwise). */
export const getOutbox = (input: OutboxInput) => request(calls.outbox.getOutbox, input);

export const outboxQuery = (input: OutboxInput) =>
  queryOptions({
    queryKey: outboxKeys.list(input),
    queryFn: () => getOutbox(input),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
    retry: false,
  });

export const useOutbox = (input: OutboxInput) => useQuery(outboxQuery(input));
