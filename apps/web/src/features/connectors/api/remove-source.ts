import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { connectorKeys } from './keys.ts';

/** Removes a source: its series are read from stored points again. */
export const removeSource = (sourceKey: string) => request(calls.connectors.removeSource, { source_key: sourceKey });

export const useRemoveSource = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSource,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
};
