import * as calls from '@portal/contract/routes';
import { popups, type productsRp, type CallInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { download } from '../../../lib/download.ts';
import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** A resource pool order with its latest memory, compute and storage profile usage. */
export const getResourcePoolOrder = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsRp.getResourcePoolOrder, { baseOrderId }, { signal });

export const useResourcePoolOrder = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('resource-pool', baseOrderId),
      queryFn: ({ signal }) => getResourcePoolOrder(baseOrderId, signal),
    }),
  );

type StatsInput = CallInput<typeof productsRp.getResourcePoolStats>;

/** Used and limit timelines per metric over a range. */
export const getResourcePoolStats = (input: StatsInput, signal?: AbortSignal) =>
  request(calls.productsRp.getResourcePoolStats, input, { signal });

export const resourcePoolStatsQueryOptions = (input: StatsInput) =>
  queryOptions({
    queryKey: productKeys.stats('resource-pool', input),
    queryFn: ({ signal }) => getResourcePoolStats(input, signal),
  });

type VmsInput = CallInput<typeof productsRp.getResourcePoolVms>;

/** A page of a resource pool order's VMs. */
export const getResourcePoolVms = (input: VmsInput, signal?: AbortSignal) =>
  request(calls.productsRp.getResourcePoolVms, input, { signal });

export const useResourcePoolVms = (input: VmsInput) =>
  useQuery({
    ...queryOptions({
      queryKey: productKeys.stats('resource-pool-vms', input),
      queryFn: ({ signal }) => getResourcePoolVms(input, signal),
    }),
    placeholderData: keepPreviousData,
  });

/** The VMs of the current search as CSV; a failure (e.g. no VMs) shows the spec's Download Error popup. */
export const downloadResourcePoolVms = (input: CallInput<typeof productsRp.downloadResourcePoolVms>) =>
  download(calls.productsRp.downloadResourcePoolVms, input, {
    errorPopup: popups.vmsDownloadError,
    fallbackName: 'resource-pool-vms.csv',
  });
