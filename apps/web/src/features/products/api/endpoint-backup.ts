import * as calls from '@portal/contract/routes';
import { type productsEb, type CallInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/* The endpoint backup page's calls (orders-eb/), one query each. */

/** An endpoint backup order: which sections apply, their latest figures and rates. */
export const getOrderEb = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsEb.getOrderEb, { baseOrderId }, { signal });

export const useOrderEb = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('eb', baseOrderId),
      queryFn: ({ signal }) => getOrderEb(baseOrderId, signal),
    }),
  );

/** Agent and image timelines of a range. */
export const ebStatsQueryOptions = (input: CallInput<typeof productsEb.getEbStats>) =>
  queryOptions({
    queryKey: productKeys.stats('eb', input),
    queryFn: ({ signal }) => request(calls.productsEb.getEbStats, input, { signal }),
  });

/** A page of the order's agent clients. */
export const useEbAgentClients = (input: CallInput<typeof productsEb.getEbAgentClients>) =>
  useQuery({
    queryKey: productKeys.stats('eb-agent-clients', input),
    queryFn: ({ signal }) => request(calls.productsEb.getEbAgentClients, input, { signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the order's image-backed machines. */
export const useEbImageMachines = (input: CallInput<typeof productsEb.getEbImageMachines>) =>
  useQuery({
    queryKey: productKeys.stats('eb-image-machines', input),
    queryFn: ({ signal }) => request(calls.productsEb.getEbImageMachines, input, { signal }),
    placeholderData: keepPreviousData,
  });

/** One agent client. */
export const useEbAgentClient = (input: CallInput<typeof productsEb.getEbAgentClient>) =>
  useQuery({
    queryKey: productKeys.stats('eb-agent-client', input),
    queryFn: ({ signal }) => request(calls.productsEb.getEbAgentClient, input, { signal }),
  });

/** An agent client's protected bytes and backups per day. */
export const ebAgentClientStatsQueryOptions = (input: CallInput<typeof productsEb.getEbAgentClientStats>) =>
  queryOptions({
    queryKey: productKeys.stats('eb-agent-client-stats', input),
    queryFn: ({ signal }) => request(calls.productsEb.getEbAgentClientStats, input, { signal }),
  });

/** One image-backed machine. */
export const useEbImageMachine = (input: CallInput<typeof productsEb.getEbImageMachine>) =>
  useQuery({
    queryKey: productKeys.stats('eb-image-machine', input),
    queryFn: ({ signal }) => request(calls.productsEb.getEbImageMachine, input, { signal }),
  });

/** An image-backed machine's local storage and snapshots per day. */
export const ebImageMachineStatsQueryOptions = (input: CallInput<typeof productsEb.getEbImageMachineStats>) =>
  queryOptions({
    queryKey: productKeys.stats('eb-image-machine-stats', input),
    queryFn: ({ signal }) => request(calls.productsEb.getEbImageMachineStats, input, { signal }),
  });
