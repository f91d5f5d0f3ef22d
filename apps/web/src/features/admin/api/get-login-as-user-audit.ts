import * as calls from '@portal/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { adminKeys, type AuditInput } from './keys.ts';

/** A page of the record of staff signing in as customers. */
export const getLoginAsUserAudit = (input: AuditInput, signal?: AbortSignal) =>
  request(calls.admin.getLoginAsUserAudit, input, { signal });

export const loginAsUserAuditQueryOptions = (input: AuditInput) =>
  queryOptions({
    queryKey: adminKeys.audit(input),
    queryFn: ({ signal }) => getLoginAsUserAudit(input, signal),
    placeholderData: keepPreviousData,
  });

export const useLoginAsUserAudit = (input: AuditInput) => useQuery(loginAsUserAuditQueryOptions(input));
