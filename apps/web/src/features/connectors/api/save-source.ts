import * as calls from '@portal/contract/routes';
import { type connectors, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { connectorKeys } from './keys.ts';

export type SaveSourceInput = CallInput<typeof connectors.saveSource>;

/** Adds or changes a source; a token or password left out keeps the held one. */
export const saveSource = (input: SaveSourceInput) => request(calls.connectors.saveSource, input);

export const useSaveSource = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
};
