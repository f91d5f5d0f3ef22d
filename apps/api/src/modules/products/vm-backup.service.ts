import type { CvOrder, CvStats } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics, seriesReader } from '../metrics/index.ts';
import { findProductOrder } from './products.repository.ts';

const GB = 1024 ** 3;
const round2 = (v: number) => Math.round(v * 100) / 100;
const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * How the virtual machine backup answer is derived (the seed has no billing feed for it; see db/seed/metrics.ts):
 * - backup_count / used_bytes: the latest daily point of vm_count / used_bytes; run_date is the time of
 *   the latest of those points.
 * - per_vm_rate: the 'Protected virtual machines' component's mrc_charges over its quantity (order_components),
 *   dollars per VM a month; per_gb_rate: the same for the 'Backup storage' component, per GB of 1024^3 bytes.
 *   0 when the order has no such component (or its quantity is 0).
 * - mm_rate_per_vm: the month's VM charge, backup_count x per_vm_rate; gb_amount: used GB x per_gb_rate (dollars).
 * - Stats: the two series as they are, each its own chart table.
 */
export function vmBackupService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'cv');
  const refs = [{ metric: metrics.vm_count }, { metric: metrics.used_bytes }];

  async function order(caller: Caller, baseOrderId: number) {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'cv');
    if (!found) throw notFound();
    return found;
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<CvOrder> {
      const o = await order(caller, baseOrderId);
      const rows = await db.query<{ description: string; quantity: number; mrc_charges: number }>(
        `SELECT description, quantity, mrc_charges FROM order_components WHERE base_order_id = $1 ORDER BY sort_order, component_id`,
        [o.base_order_id],
      );
      const rate = (prefix: string) => {
        const c = rows.find((r) => r.description.startsWith(prefix) && Number(r.quantity) > 0);
        return c ? round4(Number(c.mrc_charges) / Number(c.quantity)) : 0;
      };
      const perVm = rate('Protected virtual machines');
      const perGb = rate('Backup storage');
      const now = nowSeconds();
      const [vmCount, usedBytes] = await series.latest(o.base_order_id, refs, now);
      const runDate = await series.lastTime(o.base_order_id, refs, now);
      const vms = vmCount ?? 0;
      const used = usedBytes ?? 0;
      return {
        ...o,
        backup_count: vms,
        used_bytes: used,
        per_gb_rate: perGb,
        gb_amount: round2((used / GB) * perGb),
        run_date: runDate,
        per_vm_rate: perVm,
        mm_rate_per_vm: round2(vms * perVm),
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number; startDate: number; endDate: number }): Promise<CvStats> {
      const o = await order(caller, input.baseOrderId);
      const { startDate: start, endDate: end } = input;
      const [vms, storage] = await Promise.all([
        series.chart(o.base_order_id, [{ metric: metrics.vm_count, label: 'Protected VMs' }], start, end),
        series.chart(o.base_order_id, [{ metric: metrics.used_bytes, label: 'Storage used' }], start, end),
      ]);
      return { vm_count: vms, used_storage: storage };
    },
  };
}
