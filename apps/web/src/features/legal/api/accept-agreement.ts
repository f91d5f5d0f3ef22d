import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { legalKeys } from './keys.ts';

/** Accepts an agreement; answers how many are still pending. */
export const acceptAgreement = (legalAgreementId: number) => request(calls.legal.acceptAgreement, { legalAgreementId });

export const useAcceptAgreement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptAgreement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: legalKeys.all }),
  });
};
