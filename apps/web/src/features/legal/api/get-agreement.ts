import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { legalKeys } from './keys.ts';

/** One agreement (active, or accepted by the user) with its sanitized HTML body. */
export const getAgreement = (legalAgreementId: number) => request(calls.legal.getAgreement, { legalAgreementId });

export const agreementQuery = (legalAgreementId: number) =>
  queryOptions({ queryKey: legalKeys.agreement(legalAgreementId), queryFn: () => getAgreement(legalAgreementId) });

export const useAgreement = (legalAgreementId: number) => useQuery(agreementQuery(legalAgreementId));
