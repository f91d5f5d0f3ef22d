import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { integrationKeys } from './keys.ts';

/** Revokes a token at once. */
export const revokeToken = (tokenId: number) => request(calls.integration.revokeToken, { id: tokenId });

export const useRevokeToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
};
