import type { FastifyReply } from 'fastify';

import {
  chartCsv,
  products,
  type ChartData,
  type CsvValue,
  type NetworkInterface,
  type ProductOrder,
} from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { sendCsv } from '../../lib/csv.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader, type Column } from '../series/series.service.ts';
import { findInterfaces } from './network.repository.ts';
import { findBuckets, findComponents, findObjectStorageCommitment, findProductOrder } from './products.repository.ts';

/** Rows a network CSV download holds at most: the chart query with a larger bound (decision 092). */
const csvMaxRows = 10_000;

/** The in and out series of a network chart type, and the factor to its unit (octets x 8 = bits). */
const networkSeries: Record<products.NetworkChartType, { in: Column['metric']; out: Column['metric']; scale: number }> =
  {
    bits: { in: metrics.if_in_octets, out: metrics.if_out_octets, scale: 8 },
    packets: { in: metrics.if_in_packets, out: metrics.if_out_packets, scale: 1 },
    errors: { in: metrics.if_in_errors, out: metrics.if_out_errors, scale: 1 },
    discards: { in: metrics.if_in_discards, out: metrics.if_out_discards, scale: 1 },
  };

export function productsService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const usageSeries = seriesReader(deps, 'usage-based');
  const obSeries = seriesReader(deps, 'ob');
  const networkReader = seriesReader(deps, 'network');

  /** The caller's order of this product controller, else NOT_FOUND with no data. */
  async function order(caller: Caller, baseOrderId: number, controller: string): Promise<ProductOrder> {
    const found = await findProductOrder(db, caller.userId, baseOrderId, controller);
    if (!found) throw notFound();
    return found;
  }

  /** The billed components that have a usage series (charted), up to maxUsageCharts. */
  async function usageComponents(baseOrderId: number) {
    const charted = new Set(await usageSeries.objectKeys(baseOrderId, metrics.usage));
    return (await findComponents(db, baseOrderId))
      .filter((c) => charted.has(String(c.component_id)))
      .slice(0, products.maxUsageCharts);
  }

  /** The order and interface of a network call, else NOT_FOUND / NETWORK_STATS_NOT_FOUND. */
  async function networkInterface(
    caller: Caller,
    baseOrderId: number,
    interfaceId: number,
    chartType: products.NetworkChartType,
  ) {
    const o = await order(caller, baseOrderId, 'network');
    const [iface] = await findInterfaces(db, o.base_order_id, String(interfaceId));
    if (!iface || !products.networkChartsFor(iface.snmpiftype).includes(chartType))
      throw new AppError('NETWORK_STATS_NOT_FOUND', 'No statistics for this interface.');
    return { order: o, iface };
  }

  async function networkChart(
    caller: Caller,
    input: {
      baseOrderId: number;
      interfaceId: number;
      chartType: products.NetworkChartType;
      startDate: number;
      endDate: number;
    },
    max?: number,
  ): Promise<{ table: ChartData; iface: NetworkInterface }> {
    const { order: o, iface } = await networkInterface(caller, input.baseOrderId, input.interfaceId, input.chartType);
    const object = { object_key: String(input.interfaceId) };
    const series = networkSeries[input.chartType];
    const columns: Column[] = (['in', 'out'] as const).map((dir) => ({
      metric: series[dir],
      labels: object,
      scale: series.scale,
      label: `${dir === 'in' ? 'In' : 'Out'} ${input.chartType}`,
    }));
    return { table: await networkReader.chart(o.base_order_id, columns, input.startDate, input.endDate, max), iface };
  }

  return {
    async usageOrder(caller: Caller, baseOrderId: number) {
      const o = await order(caller, baseOrderId, 'usage-based');
      return { ...o, components: await usageComponents(o.base_order_id) };
    },

    async usageStats(
      caller: Caller,
      input: { baseOrderId: number; start: number; end: number; customerOrderComponentId?: number | undefined },
    ) {
      const o = await order(caller, input.baseOrderId, 'usage-based');
      const components = (await usageComponents(o.base_order_id)).filter(
        (c) => input.customerOrderComponentId === undefined || c.component_id === input.customerOrderComponentId,
      );
      if (input.customerOrderComponentId !== undefined && components.length === 0) throw notFound();
      return Promise.all(
        components.map(async (c) => {
          const label = c.unit_of_measure ?? 'Usage';
          const chartData = await usageSeries.chart(
            o.base_order_id,
            [{ metric: metrics.usage, labels: { component_key: String(c.component_id) }, label }],
            input.start,
            input.end,
          );
          const last = chartData.length > 1 ? chartData[chartData.length - 1] : undefined;
          // A unit's price: the component's monthly charge over its monthly quantity, per day of usage.
          const unitPrice = c.quantity > 0 ? c.mrc_charges / c.quantity : 0;
          const value = typeof last?.[1] === 'number' ? last[1] : null;
          return {
            customerOrderComponentId: c.component_id,
            serviceComponent: c.description,
            unitOfMeasure: c.unit_of_measure,
            chartData,
            recentCharge:
              value === null
                ? null
                : {
                    unitOfMeasure: c.unit_of_measure,
                    valueAmount: Math.round(value * 1000) / 1000,
                    dollarAmount: Math.round(value * unitPrice * 100) / 100,
                    date: Number(last?.[0]),
                  },
          };
        }),
      );
    },

    async obOrder(caller: Caller, baseOrderId: number) {
      const o = await order(caller, baseOrderId, 'ob');
      const [size, count] = await obSeries.latest(
        o.base_order_id,
        [{ metric: metrics.size_bytes }, { metric: metrics.bucket_count }],
        nowSeconds(),
      );
      const committed = await findObjectStorageCommitment(db, o.base_order_id);
      return {
        ...o,
        latest_size: size ?? 0,
        latest_bucket_count: count ?? 0,
        // The seed has no storage caps: every order is without limit.
        max_size: -1,
        per_gb_rate:
          committed && committed.quantity > 0
            ? Math.round((committed.mrc_charges / committed.quantity) * 1e4) / 1e4
            : 0,
      };
    },

    async obStats(caller: Caller, input: { baseOrderId: number; start: number; end: number }) {
      const o = await order(caller, input.baseOrderId, 'ob');
      const [size, objects] = await Promise.all([
        obSeries.chart(
          o.base_order_id,
          [{ metric: metrics.size_bytes, label: 'Storage used' }],
          input.start,
          input.end,
        ),
        obSeries.chart(o.base_order_id, [{ metric: metrics.objects, label: 'Objects' }], input.start, input.end),
      ]);
      return { size, objects };
    },

    async buckets(caller: Caller, input: Parameters<typeof findBuckets>[2] & { baseOrderId: number }) {
      const o = await order(caller, input.baseOrderId, 'ob');
      return toPage(await findBuckets(db, o.base_order_id, input), input.page, input.perPage);
    },

    async networkOrder(caller: Caller, baseOrderId: number) {
      const o = await order(caller, baseOrderId, 'network');
      return { ...o, interfaces: (await findInterfaces(db, o.base_order_id)).slice(0, products.maxNetworkChartSets) };
    },

    networkStats: async (caller: Caller, input: Parameters<typeof networkChart>[1]) =>
      (await networkChart(caller, input)).table,

    async networkSummary(
      caller: Caller,
      input: { baseOrderId: number; interfaceId: number; startDate: number; endDate: number },
    ) {
      const { order: o } = await networkInterface(caller, input.baseOrderId, input.interfaceId, 'bits');
      const labels = { object_key: String(input.interfaceId) };
      const [inbound, outbound] = await Promise.all(
        [metrics.if_in_octets, metrics.if_out_octets].map((metric) =>
          networkReader.summary(o.base_order_id, { metric, labels }, input.startDate, input.endDate, 8),
        ),
      );
      return { in: inbound ?? null, out: outbound ?? null };
    },

    /**
     * The chart's series over its range as CSV: the chart query with a bound of csvMaxRows rows, in a
     * file named after the interface (its ifIndex and name).
     */
    async networkCsv(caller: Caller, input: Parameters<typeof networkChart>[1], reply: FastifyReply) {
      const { table, iface } = await networkChart(caller, input, csvMaxRows);
      const [header = [], ...rows] = table;
      const csv = chartCsv(
        {
          names: header.slice(1).map(String),
          rows: rows.map(([ts, ...values]): [number, ...CsvValue[]] => [Number(ts), ...values]),
        },
        products.networkRawUnit(input.chartType),
      );
      const name = iface.name.replace(/[^A-Za-z0-9._-]+/g, '_');
      return sendCsv(reply, `network-${input.interfaceId}-${name}-${input.chartType}.csv`, [csv]);
    },
  };
}
