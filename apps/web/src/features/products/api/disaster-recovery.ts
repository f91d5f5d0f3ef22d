import * as calls from '@portal/contract/routes';
import { popups, type productsDs, type CallInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { download } from '../../../lib/download.ts';
import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** The disaster recovery page's calls (orders-ds/): one fetcher and query per call. */

/** A disaster recovery order: VM and protection group counts, storage, the per-VM rate and its groups. */
export const getOrderDs = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsDs.getOrderDs, { baseOrderId }, { signal });

export const useOrderDs = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('ds', baseOrderId),
      queryFn: ({ signal }) => getOrderDs(baseOrderId, signal),
    }),
  );

/** Storage, counts and RPO per protection group over a range. */
export const dsStatsQueryOptions = (input: CallInput<typeof productsDs.getDsStats>) =>
  queryOptions({
    queryKey: productKeys.stats('ds', input),
    queryFn: ({ signal }) => request(calls.productsDs.getDsStats, input, { signal }),
  });

type VmsInput = CallInput<typeof productsDs.getVms>;

/** A page (10) of an order's protected VMs, or of one protection group's. */
export const useDsVms = (input: VmsInput) =>
  useQuery({
    ...queryOptions({
      queryKey: productKeys.stats('ds-vms', input),
      queryFn: ({ signal }) => request(calls.productsDs.getVms, input, { signal }),
    }),
    placeholderData: keepPreviousData,
  });

/** The VMs as CSV; a failure (no VMs) shows the spec's Download Error popup with "no VMs to download". */
export const downloadDsVms = (input: CallInput<typeof productsDs.downloadVms>) =>
  download(calls.productsDs.downloadVms, input, {
    errorPopup: popups.vmsDownloadError,
    fallbackName: 'disaster-recovery-vms.csv',
  });

/** One protection group. */
export const useDsVpg = (vpgId: number) =>
  useQuery({
    queryKey: productKeys.stats('ds-vpg', { vpgId }),
    queryFn: ({ signal }) => request(calls.productsDs.getVpg, { vpgId }, { signal }),
  });

/** A protection group's storage and RPO over a range. */
export const vpgStatsQueryOptions = (input: CallInput<typeof productsDs.getVpgStats>) =>
  queryOptions({
    queryKey: productKeys.stats('ds-vpg-stats', input),
    queryFn: ({ signal }) => request(calls.productsDs.getVpgStats, input, { signal }),
  });

/** One protected VM. */
export const useDsVm = (vmId: number) =>
  useQuery({
    queryKey: productKeys.stats('ds-vm', { vmId }),
    queryFn: ({ signal }) => request(calls.productsDs.getVm, { vmId }, { signal }),
  });

/** A VM's storage and RPO over a range. */
export const vmStatsQueryOptions = (input: CallInput<typeof productsDs.getVmStats>) =>
  queryOptions({
    queryKey: productKeys.stats('ds-vm-stats', input),
    queryFn: ({ signal }) => request(calls.productsDs.getVmStats, input, { signal }),
  });
