import type { CvOrder, CvStats } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader } from '../series/series.service.ts';
import { chargeOf, findProductOrder } from './products.repository.ts';

/**
 * How the virtual machine backup answer is derived:
 * - backup_count / used_bytes: the latest daily point of vm_count / used_bytes (what is measured);
 *   run_date is the time of the latest of those points.
 * - Rates and charges come from the order's billed components, so the charge cards add up to the
 *   order's monthly charge (decision 099): per_vm_rate / mm_rate_per_vm are the rate and charge of the
 *   'Protected virtual machines' component, per_gb_rate / gb_amount those of 'Backup storage'
 *   (per GB of 1024^3 bytes); 0 when the order has no such component.
 * - client_downloads: the provider's client installers, configured in BACKUP_CLIENT_DOWNLOADS.
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
      const vms = chargeOf(o, 'Protected virtual machines');
      const storage = chargeOf(o, 'Backup storage');
      const now = nowSeconds();
      const [vmCount, usedBytes] = await series.latest(o.base_order_id, refs, now);
      const runDate = await series.lastTime(o.base_order_id, refs, now);
      return {
        ...o,
        backup_count: vmCount ?? 0,
        used_bytes: usedBytes ?? 0,
        per_gb_rate: storage?.rate ?? 0,
        gb_amount: storage?.mrc_charges ?? 0,
        run_date: runDate,
        per_vm_rate: vms?.rate ?? 0,
        mm_rate_per_vm: vms?.mrc_charges ?? 0,
        client_downloads: deps.env.BACKUP_CLIENT_DOWNLOADS,
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
