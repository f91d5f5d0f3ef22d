import type { OcOrder, OcStats } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics, seriesReader } from '../metrics/index.ts';
import { findProductOrder } from './products.repository.ts';

const GB = 1024 ** 3;
const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * How the open cloud answer is derived (the seed has no billing feed for it; see db/seed/metrics.ts):
 * - instances_apply / volume_storage_apply / snap_storage_apply: the order has a component whose
 *   description starts with 'Compute instances' / 'Volume storage' / 'Snapshot storage' and a
 *   quantity above 0 (order_components).
 * - open_cloud: the latest daily point of instance_count, volume_storage_bytes, snap_storage_bytes;
 *   run_date is the time of the latest instance_count point.
 * - Rates: a component's mrc_charges over its quantity. Compute is billed per instance-day, so the
 *   month-to-date VM spend is the sum of the daily instance counts since the 1st (UTC) times that rate.
 *   Storage is billed per GB-month, so each day adds GB(that day) x rate / days in the month.
 * - Stats: instance_count, volume_storage (volume_storage_bytes), snap_storage (snap_storage_bytes)
 *   are the series as they are. uncommitted_usage is the instances of each day above the committed
 *   daily quantity (the compute component's quantity / 30), never below 0. There is no instance-type
 *   series, so instance_type_count is an empty table (header only) and distinct_instance_types is [].
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

  async function components(baseOrderId: number) {
    const rows = await db.query<{ description: string; quantity: number; mrc_charges: number }>(
      `SELECT description, quantity, mrc_charges FROM order_components WHERE base_order_id = $1 ORDER BY sort_order, component_id`,
      [baseOrderId],
    );
    const find = (prefix: string) => {
      const c = rows.find((r) => r.description.startsWith(prefix) && Number(r.quantity) > 0);
      return c ? { quantity: Number(c.quantity), rate: Number(c.mrc_charges) / Number(c.quantity) } : null;
    };
    return { compute: find('Compute instances'), volume: find('Volume storage'), snapshot: find('Snapshot storage') };
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<OcOrder> {
      const o = await order(caller, baseOrderId);
      const c = await components(o.base_order_id);
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
      const c = await components(o.base_order_id);
      const { startDate: start, endDate: end } = input;
      const [instances, volume, snap] = await Promise.all([
        series.chart(o.base_order_id, [{ metric: metrics.instance_count, label: 'Instances' }], start, end),
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
        instance_type_count: [['Time', 'Instance types']],
        distinct_instance_types: [],
        volume_storage: volume,
        snap_storage: snap,
        uncommitted_usage: uncommitted,
        startDate: start,
      };
    },
  };
}
