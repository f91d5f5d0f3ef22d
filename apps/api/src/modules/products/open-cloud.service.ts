import type { ChartData, OcOrder, OcStats, ProductOrder } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader } from '../series/series.service.ts';
import { chargeOf, findProductOrder } from './products.repository.ts';

const GB = 1024 ** 3;
const round2 = (v: number) => Math.round(v * 100) / 100;

/** The instance types (columns) with at least one instance in the chart's range. */
function typesIn(table: ChartData): string[] {
  const [header = [], ...rows] = table;
  return header
    .slice(1)
    .filter((_, i) => rows.some((r) => typeof r[i + 1] === 'number' && (r[i + 1] as number) > 0))
    .map(String);
}

/**
 * How the open cloud answer is derived (the seed has no billing feed for it; see seed/metrics.ts):
 * - instances_apply / volume_storage_apply / snap_storage_apply: the order has a component whose
 *   description starts with 'Compute instances' / 'Volume storage' / 'Snapshot storage' and a
 *   quantity above 0 (order_components).
 * - open_cloud: the latest daily point of instance_count, volume_storage_bytes, snap_storage_bytes;
 *   run_date is the time of the latest instance_count point.
 * - Spend: compute is billed per instance-day, so the month-to-date VM spend is the sum of the daily
 *   instance counts since the 1st (UTC) times the compute component's rate.
 *   Storage is billed per GB-month, so each day adds GB(that day) x rate / days in the month.
 * - Stats: instance_count, volume_storage (volume_storage_bytes), snap_storage (snap_storage_bytes)
 *   are the series as they are. uncommitted_usage is the instances of each day above the committed
 *   daily quantity (the compute component's quantity / 30), never below 0. instance_type_count has one
 *   column per instance type (instances_of_type by object_key: the instances of that type each day);
 *   distinct_instance_types names the types with an instance in the range.
 * - Rates: the billed components' (decision 099), the same the page's charge cards show.
 */
export function openCloudService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'oc');
  const refs = [
    { metric: metrics.instance_count },
    { metric: metrics.volume_storage_bytes },
    { metric: metrics.snap_storage_bytes },
  ];

  async function order(caller: Caller, baseOrderId: number) {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'oc');
    if (!found) throw notFound();
    return found;
  }

  function components(o: ProductOrder) {
    const find = (prefix: string) => chargeOf(o, prefix) ?? null;
    return { compute: find('Compute instances'), volume: find('Volume storage'), snapshot: find('Snapshot storage') };
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<OcOrder> {
      const o = await order(caller, baseOrderId);
      const c = components(o);
      const now = nowSeconds();
      const [instances, volume, snapshots] = await series.latest(o.base_order_id, refs, now);
      const runDate = await series.lastTime(o.base_order_id, [{ metric: metrics.instance_count }], now);
      const d = new Date(now * 1000);
      const monthStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
      const daysInMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
      const [instanceDays, volumeDays, snapshotDays] = await series.sums(o.base_order_id, refs, monthStart, now);
      return {
        ...o,
        instances_apply: c.compute !== null,
        volume_storage_apply: c.volume !== null,
        snap_storage_apply: c.snapshot !== null,
        open_cloud: {
          daily_vm_qty: instances ?? 0,
          run_date: runDate,
          volume_storage_bytes: volume ?? 0,
          snap_storage_bytes: snapshots ?? 0,
        },
        mtd_spend: {
          mtd_daily_vm_mrc: round2((instanceDays ?? 0) * (c.compute?.rate ?? 0)),
          mtd_daily_volume_storage_mrc: round2((((volumeDays ?? 0) / GB) * (c.volume?.rate ?? 0)) / daysInMonth),
          mtd_daily_snapshot_storage_mrc: round2((((snapshotDays ?? 0) / GB) * (c.snapshot?.rate ?? 0)) / daysInMonth),
        },
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number; startDate: number; endDate: number }): Promise<OcStats> {
      const o = await order(caller, input.baseOrderId);
      const c = components(o);
      const { startDate: start, endDate: end } = input;
      const types = await series.objectKeys(o.base_order_id, metrics.instances_of_type);
      const [instances, byType, volume, snap] = await Promise.all([
        series.chart(o.base_order_id, [{ metric: metrics.instance_count, label: 'Instances' }], start, end),
        series.chart(
          o.base_order_id,
          types.map((type) => ({ metric: metrics.instances_of_type, labels: { object_key: type }, label: type })),
          start,
          end,
        ),
        series.chart(o.base_order_id, [{ metric: metrics.volume_storage_bytes, label: 'Volume storage' }], start, end),
        series.chart(o.base_order_id, [{ metric: metrics.snap_storage_bytes, label: 'Snapshot storage' }], start, end),
      ]);
      const committedPerDay = (c.compute?.quantity ?? 0) / 30;
      const uncommitted = [
        ['Time', 'Uncommitted instances'],
        ...instances
          .slice(1)
          .map((r) => [
            r[0] ?? null,
            typeof r[1] === 'number' ? Math.max(0, Math.round((r[1] - committedPerDay) * 100) / 100) : null,
          ]),
      ];
      return {
        instance_count: instances,
        instance_type_count: byType,
        distinct_instance_types: typesIn(byType),
        volume_storage: volume,
        snap_storage: snap,
        uncommitted_usage: uncommitted,
        startDate: start,
      };
    },
  };
}
