import * as calls from '@portal/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { auditKeys, type EntriesInput } from './keys.ts';

/** A page of an account's audit log, newest first, with the filters. */
export const getEntries = (input: EntriesInput, signal?: AbortSignal) =>
  request(calls.audit.getEntries, input, { signal });

export const entriesQueryOptions = (input: EntriesInput) =>
  queryOptions({
    queryKey: auditKeys.entries(input),
    queryFn: ({ signal }) => getEntries(input, signal),
    placeholderData: keepPreviousData,
  });

/** `enabled`: false while the filters cannot be asked (dates the wrong way round). */
export const useEntries = (input: EntriesInput, enabled = true) => useQuery({ ...entriesQueryOptions(input), enabled });
