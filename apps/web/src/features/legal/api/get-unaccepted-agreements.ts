import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { legalKeys } from './keys.ts';

/** The active agreements the user has not accepted yet, oldest first. */
export const getUnacceptedAgreements = () => request(calls.legal.getUnacceptedAgreements, {});

export const unacceptedAgreementsQuery = () =>
  queryOptions({ queryKey: legalKeys.unaccepted(), queryFn: getUnacceptedAgreements, staleTime: 0 });

export const useUnacceptedAgreements = () => useQuery(unacceptedAgreementsQuery());
