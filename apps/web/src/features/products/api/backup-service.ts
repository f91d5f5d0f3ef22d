import * as calls from '@portal/contract/routes';
import { type productsBs, type CallInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { isApiError } from '../../../lib/api-error.ts';
import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** ORDER_BS_NOT_MANAGED means the order has no managed backups: answer null and skip the section. */
const unlessNotManaged = async <T>(call: Promise<T>): Promise<T | null> => {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error) && error.code === 'ORDER_BS_NOT_MANAGED') return null;
    throw error;
  }
};

/** A backup as a service order: storage sizes, protected item counts and rates. */
export const getOrderBs = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsBs.getOrderBs, { baseOrderId }, { signal });

export const useOrderBs = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('bs', baseOrderId),
      queryFn: ({ signal }) => getOrderBs(baseOrderId, signal),
    }),
  );

type StatsInput = CallInput<typeof productsBs.getBsStorageStats>;

/** Production and local storage timelines. */
export const bsStorageStatsQueryOptions = (input: StatsInput) =>
  queryOptions({
    queryKey: productKeys.stats('bs', input),
    queryFn: ({ signal }) => request(calls.productsBs.getBsStorageStats, input, { signal }),
  });

/** The managed backups of an order over a range; null when the order is not managed. */
export const useBsManagedBackups = (input: CallInput<typeof productsBs.getBsManagedBackups>) =>
  useQuery({
    queryKey: productKeys.stats('bs-managed-backups', input),
    queryFn: ({ signal }) => unlessNotManaged(request(calls.productsBs.getBsManagedBackups, input, { signal })),
  });

/** One managed backup; null when the order is not managed. */
export const useBsManagedBackup = (input: CallInput<typeof productsBs.getBsManagedBackup>) =>
  useQuery({
    queryKey: productKeys.stats('bs-managed-backup', input),
    queryFn: ({ signal }) => unlessNotManaged(request(calls.productsBs.getBsManagedBackup, input, { signal })),
  });

/** A page of a managed backup's runs; null when the order is not managed. */
export const useBsResourceBackups = (input: CallInput<typeof productsBs.getBsResourceBackups>) =>
  useQuery({
    queryKey: productKeys.stats('bs-resource-backups', input),
    queryFn: ({ signal }) => unlessNotManaged(request(calls.productsBs.getBsResourceBackups, input, { signal })),
    placeholderData: keepPreviousData,
  });
