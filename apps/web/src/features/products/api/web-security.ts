import * as calls from '@portal/contract/routes';
import { type productsDd, type CallInput } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** A web and app security order with its zones and their 30-day totals. */
export const useDdZones = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('dd', baseOrderId),
      queryFn: ({ signal }) => request(calls.productsDd.getDdZones, { baseOrderId }, { signal }),
    }),
  );

/** One zone: its 30-day usage, top threat types, DNS records and firewall events. */
export const useOrderDd = (input: CallInput<typeof productsDd.getOrderDd>) =>
  useQuery({
    queryKey: productKeys.stats('dd-zone', input),
    queryFn: ({ signal }) => request(calls.productsDd.getOrderDd, input, { signal }),
  });

/** A zone's encrypted / unencrypted requests and visitors charts over a range. */
export const ddStatsQueryOptions = (input: CallInput<typeof productsDd.getDdStats>) =>
  queryOptions({
    queryKey: productKeys.stats('dd', input),
    queryFn: ({ signal }) => request(calls.productsDd.getDdStats, input, { signal }),
  });

/** The countries a zone's threats came from, most first. */
export const useThreatCountries = (input: CallInput<typeof productsDd.getThreatCountries>) =>
  useQuery({
    queryKey: productKeys.stats('dd-countries', input),
    queryFn: ({ signal }) => request(calls.productsDd.getThreatCountries, input, { signal }),
  });
