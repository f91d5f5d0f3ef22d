import * as calls from '@portal/contract/routes';
import { type snmp, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { connectorKeys } from './keys.ts';

export type SaveDeviceInput = CallInput<typeof snmp.saveDevice>;

/** Adds or changes a device; left-out secrets keep the held ones. */
export const saveDevice = (input: SaveDeviceInput) => request(calls.snmp.saveDevice, input);

export const useSaveDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.devices() }),
  });
};
