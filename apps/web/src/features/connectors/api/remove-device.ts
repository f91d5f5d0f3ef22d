import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { connectorKeys } from './keys.ts';

/** Removes a device: the poller stops reading it. */
export const removeDevice = (deviceKey: string) => request(calls.snmp.removeDevice, { device_key: deviceKey });

export const useRemoveDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectorKeys.devices() }),
  });
};
