import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { integrationKeys } from './keys.ts';

/** Turns a disabled webhook back on: delivery resumes from the last event its endpoint acknowledged. */
export const enableWebhook = (tokenId: number) => request(calls.integration.enableWebhook, { id: tokenId });

export const useEnableWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }),
  });
};
