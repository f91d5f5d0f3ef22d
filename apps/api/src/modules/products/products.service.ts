import type { FastifyReply } from 'fastify';

import { products, type ChartData, type NetworkInterface, type ProductOrder } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { readChart, readPoints } from '../../lib/chart-data.ts';
import { csvRecord, sendCsv } from '../../lib/csv.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { findBuckets, findComponents, findProductOrder, latestValues, seriesNames } from './products.repository.ts';

/** Type code of an interface, from the series it has (see the header of db/seed/metrics.ts). */
function interfaceType(productCd: string, names: ReadonlySet<string>, id: string): number {
  if (names.has(`in_packets:${id}`)) return 6;
  if (names.has(`in_discards:${id}`)) return 108;
  return productCd === 'sw' && id.endsWith('01') ? 131 : 53;
}

export function productsService({ db, clock }: Deps) {
  const nowSeconds = () => Math.floor(clock.now() / 1000);

  /** The caller's order of this product controller, else NOT_FOUND with no data. */
  async function order(caller: Caller, baseOrderId: number, controller: string): Promise<ProductOrder> {
    const found = await findProductOrder(db, caller.userId, baseOrderId, controller);
    if (!found) throw notFound();
    return found;
  }

  async function networkInterfaces(o: ProductOrder): Promise<NetworkInterface[]> {
    const all = new Set((await seriesNames(db, o.base_order_id, '')).map((r) => r.series));
    const ids = [...all].filter((s) => s.startsWith('in_bits:')).map((s) => s.slice('in_bits:'.length));
    return ids.map((id, i) => ({
      snmpinterface_id: Number(id),
      snmpiftype: interfaceType(o.product_cd, all, id),
      multi_interface_alias: i === 0 ? 'WAN' : `Sub-interface ${i}`,
    }));
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
  ): Promise<ChartData> {
    const o = await order(caller, input.baseOrderId, 'network');
    const iface = (await networkInterfaces(o)).find((i) => i.snmpinterface_id === input.interfaceId);
    if (!iface || !products.networkChartsFor(iface.snmpiftype).includes(input.chartType))
      throw new AppError('NETWORK_STATS_NOT_FOUND', 'No statistics for this interface.');
    const columns = (['in', 'out'] as const).map((dir) => ({
      series: `${dir}_${input.chartType}:${input.interfaceId}`,
      label: `${dir === 'in' ? 'In' : 'Out'} ${input.chartType}`,
    }));
    return readChart(db, o.base_order_id, columns, input.startDate, input.endDate, max);
  }

  return {
    async usageOrder(caller: Caller, baseOrderId: number) {
      const o = await order(caller, baseOrderId, 'usage-based');
      return { ...o, components: await findComponents(db, o.base_order_id, products.maxUsageCharts) };
    },

    async usageStats(
      caller: Caller,
      input: { baseOrderId: number; start: number; end: number; customerOrderComponentId?: number | undefined },
    ) {
      const o = await order(caller, input.baseOrderId, 'usage-based');
      const components = (await findComponents(db, o.base_order_id, products.maxUsageCharts)).filter(
        (c) => input.customerOrderComponentId === undefined || c.component_id === input.customerOrderComponentId,
      );
      if (input.customerOrderComponentId !== undefined && components.length === 0) throw notFound();
      return Promise.all(
        components.map(async (c) => {
          const label = c.unit_of_measure ?? 'Usage';
          const chartData = await readChart(
            db,
            o.base_order_id,
            [{ series: `usage:${c.component_id}`, label }],
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
      const latest = await latestValues(db, o.base_order_id, ['size_bytes', 'bucket_count'], nowSeconds());
      const committed = await db.one<{ quantity: number; mrc_charges: number }>(
        `SELECT quantity, mrc_charges FROM order_components
          WHERE base_order_id = $1 AND description = 'Object storage' ORDER BY component_id LIMIT 1`,
        [o.base_order_id],
      );
      return {
        ...o,
        latest_size: latest.get('size_bytes') ?? 0,
        latest_bucket_count: latest.get('bucket_count') ?? 0,
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
        readChart(db, o.base_order_id, [{ series: 'size_bytes', label: 'Storage used' }], input.start, input.end),
        readChart(db, o.base_order_id, [{ series: 'objects', label: 'Objects' }], input.start, input.end),
      ]);
      return { size, objects };
    },

    async buckets(caller: Caller, input: Parameters<typeof findBuckets>[2] & { baseOrderId: number }) {
      const o = await order(caller, input.baseOrderId, 'ob');
      return toPage(await findBuckets(db, o.base_order_id, input), input.page, input.perPage);
    },

    async networkOrder(caller: Caller, baseOrderId: number) {
      const o = await order(caller, baseOrderId, 'network');
      return { ...o, interfaces: (await networkInterfaces(o)).slice(0, products.maxNetworkChartSets) };
    },

    networkStats: (caller: Caller, input: Parameters<typeof networkChart>[1]) => networkChart(caller, input),

    async networkCsv(caller: Caller, input: Parameters<typeof networkChart>[1], reply: FastifyReply) {
      await networkChart(caller, input, 1); // ownership and chart type checks
      const columns = (['in', 'out'] as const).map((dir) => `${dir}_${input.chartType}:${input.interfaceId}`);
      const points = await readPoints(db, input.baseOrderId, columns, input.startDate, input.endDate);
      const byTime = new Map<number, (number | null)[]>();
      for (const p of points) {
        const row = byTime.get(p.ts) ?? [null, null];
        row[columns.indexOf(p.series)] = p.value;
        byTime.set(p.ts, row);
      }
      const records = [csvRecord(['Time', `In ${input.chartType}`, `Out ${input.chartType}`])];
      for (const [ts, [a, b]] of [...byTime.entries()].sort((x, y) => x[0] - y[0]))
        records.push(csvRecord([new Date(ts * 1000).toISOString(), a, b]));
      return sendCsv(reply, `network-${input.interfaceId}-${input.chartType}.csv`, [records.join('')]);
    },
  };
}
