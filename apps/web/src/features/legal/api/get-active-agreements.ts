import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { legalKeys } from './keys.ts';

/** The active agreements (public): linked from account creation, readable before sign-in. */
export const getActiveAgreements = () => request(calls.legal.getActiveAgreements, {});

export const activeAgreementsQuery = () =>
  queryOptions({ queryKey: legalKeys.active(), queryFn: getActiveAgreements, staleTime: 5 * 60_000 });

export const useActiveAgreements = () => useQuery(activeAgreementsQuery());
