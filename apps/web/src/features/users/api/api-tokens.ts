import * as calls from '@portal/contract/routes';
import { type apiTokens, type CallInput } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

export type CreateApiTokenInput = CallInput<typeof apiTokens.createToken>;

/** The live API tokens of the accounts the viewer administers (never their secrets). */
export const getApiTokens = (signal?: AbortSignal) => request(calls.apiTokens.getTokens, {}, { signal });

export const useApiTokens = () =>
  useQuery({ queryKey: userKeys.apiTokens(), queryFn: ({ signal }) => getApiTokens(signal) });

/** Creates a token; the answer holds the secret, shown this once. */
export const createApiToken = (input: CreateApiTokenInput) => request(calls.apiTokens.createToken, input);

/** Revokes a token at once. */
export const revokeApiToken = (id: number) => request(calls.apiTokens.revokeToken, { id });

export const useCreateApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.apiTokens() }),
  });
};

export const useRevokeApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.apiTokens() }),
  });
};
