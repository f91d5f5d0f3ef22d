import type { ProductOrder, productsBs } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { findManagedBackup, findManagedBackups, findRuns } from './backup-service.repository.ts';
import { metrics, type MetricDef } from '../metrics/index.ts';
import { seriesReader } from '../series/series.service.ts';
import { chargeOf, findProductOrder } from './products.repository.ts';

/**
 * How the backup as a service answer is derived (the seed has no backup platform feed):
 * - production_storage_size / local_storage_size: the latest daily production_storage_bytes /
 *   local_storage_bytes point (modules/metrics); local is null when the order has no 'Local cache'
 *   component. There is no trial storage in the catalogue, so trial_storage_size is 0.
 * - Counts: the quantity of the order_components whose description starts with 'Protected servers'
 *   (server_count) and 'Microsoft 365 mailboxes' (mailbox_count); workstations, VMs, mobiles, teams,
 *   sharepoint sites and websites have no component in the catalogue and count 0 unless one starts
 *   with 'Protected workstations' / 'Protected virtual machines' / 'Protected mobiles' /
 *   'Microsoft 365 teams' / 'Microsoft 365 sharepoint sites' / 'Protected websites'.
 * - Rates: a component's rate (its own, else its charge over its quantity): per_gb_rate 'Production backup storage',
 *   per_local_gb_rate 'Local cache appliance storage', bs_bo_rate 'Protected servers' (per backup
 *   object), bs_bm_rate 'Backup management and monitoring'.
 * - Managed backups (bs_managed_backups, runs in bs_backup_runs): only for orders with a 'Backup
 *   management' component of quantity above 0, else ORDER_BS_NOT_MANAGED.
 */
export function backupServiceService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'bs');

  async function order(caller: Caller, baseOrderId: number) {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'bs');
    if (!found) throw notFound();
    return found;
  }

  /** Quantities and rates of the order's billed components (decision 099: the same the charge cards show). */
  function components(o: ProductOrder) {
    const find = (prefix: string) => chargeOf(o, prefix);
    const count = (prefix: string) => find(prefix)?.quantity ?? 0;
    const rate = (prefix: string) => find(prefix)?.rate ?? 0;
    return { find, count, rate };
  }

  /** The caller's bs order with backup management, else NOT_FOUND / ORDER_BS_NOT_MANAGED. */
  async function managedOrder(caller: Caller, baseOrderId: number) {
    const o = await order(caller, baseOrderId);
    if (!components(o).find('Backup management'))
      throw new AppError('ORDER_BS_NOT_MANAGED', 'This order has no managed backups.');
    return o;
  }

  async function backup(caller: Caller, baseOrderId: number, resourceId: string) {
    const o = await managedOrder(caller, baseOrderId);
    const found = await findManagedBackup(db, o.base_order_id, resourceId);
    if (!found) throw notFound();
    return found;
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<productsBs.BsOrder> {
      const o = await order(caller, baseOrderId);
      const c = components(o);
      const [production, local] = await series.latest(
        o.base_order_id,
        [{ metric: metrics.production_storage_bytes }, { metric: metrics.local_storage_bytes }],
        nowSeconds(),
      );
      return {
        ...o,
        production_storage_size: production ?? 0,
        trial_storage_size: 0,
        local_storage_size: c.find('Local cache') ? (local ?? 0) : null,
        per_gb_rate: c.rate('Production backup storage'),
        per_local_gb_rate: c.rate('Local cache appliance storage'),
        bs_bm_rate: c.rate('Backup management'),
        bs_bo_rate: c.rate('Protected servers'),
        workstation_count: c.count('Protected workstations'),
        vm_count: c.count('Protected virtual machines'),
        server_count: c.count('Protected servers'),
        mobile_count: c.count('Protected mobiles'),
        mailbox_count: c.count('Microsoft 365 mailboxes'),
        teams_count: c.count('Microsoft 365 teams'),
        sharepoint_sites_count: c.count('Microsoft 365 sharepoint sites'),
        website_count: c.count('Protected websites'),
      };
    },

    async storageStats(caller: Caller, input: { baseOrderId: number; startDate: number; endDate: number }) {
      const o = await order(caller, input.baseOrderId);
      const chart = (metric: MetricDef, label: string) =>
        series.chart(o.base_order_id, [{ metric, label }], input.startDate, input.endDate);
      return {
        production: await chart(metrics.production_storage_bytes, 'Production'),
        local: await chart(metrics.local_storage_bytes, 'Local'),
      };
    },

    async managedBackups(caller: Caller, input: { baseOrderId: number; startDate: number; endDate: number }) {
      const o = await managedOrder(caller, input.baseOrderId);
      return findManagedBackups(db, o.base_order_id, input.startDate, input.endDate);
    },

    async managedBackup(caller: Caller, input: { baseOrderId: number; resourceId: string }) {
      const b = await backup(caller, input.baseOrderId, input.resourceId);
      return { resource_id: b.resource_id, title: b.title };
    },

    async resourceBackups(
      caller: Caller,
      input: {
        baseOrderId: number;
        resourceId: string;
        page: number;
        perPage: number;
        startDate: number;
        endDate: number;
      },
    ) {
      const b = await backup(caller, input.baseOrderId, input.resourceId);
      const rows = await findRuns(db, b.id, input.startDate, input.endDate, input.page, input.perPage);
      return toPage(rows, input.page, input.perPage);
    },
  };
}
