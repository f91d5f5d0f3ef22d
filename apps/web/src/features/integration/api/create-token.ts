import * as calls from '@portal/contract/routes';
import { type integration, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { integrationKeys } from './keys.ts';

export type CreateTokenInput = CallInput<typeof integration.createToken>;

/** Creates a token; the answer holds the secret, shown this once. */
export const createToken = (input: CreateTokenInput) => request(calls.integration.createToken, input);

export const useCreateToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
};
