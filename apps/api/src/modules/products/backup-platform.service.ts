import type { ChOrder, ChStats } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics } from '../metrics/index.ts';
import { seriesReader } from '../series/series.service.ts';
import { chargeOf, findProductOrder } from './products.repository.ts';

/**
 * How the backup platform answer is derived:
 * - backup_mgmt_applies / backup_storage_applies / replication_storage_applies: the order has a billed
 *   component whose description starts with 'Backup management objects' / 'Backup repository' /
 *   'Replication' and a quantity above 0.
 * - Usage: the latest daily point of backup_mgmt_objects, backup_storage_bytes,
 *   replication_storage_bytes (what is measured); run_date is the time of the latest of those points.
 * - Rate and charge (_rate, _mrc): the component's rate (per object, or per GB of 1024^3 bytes, a
 *   month) and its monthly charge, so the cards add up to the order's monthly charge (decision 099);
 *   0 when the part does not apply.
 * - Stats: the three series as they are, each its own chart table.
 */
export function backupPlatformService(deps: Deps) {
  const { db, clock } = deps;
  const nowSeconds = () => Math.floor(clock.now() / 1000);
  const series = seriesReader(deps, 'ch');
  const refs = [
    { metric: metrics.backup_mgmt_objects },
    { metric: metrics.backup_storage_bytes },
    { metric: metrics.replication_storage_bytes },
  ];

  async function order(caller: Caller, baseOrderId: number) {
    const found = await findProductOrder(db, caller.userId, baseOrderId, 'ch');
    if (!found) throw notFound();
    return found;
  }

  return {
    async order(caller: Caller, baseOrderId: number): Promise<ChOrder> {
      const o = await order(caller, baseOrderId);
      const mgmt = chargeOf(o, 'Backup management objects');
      const storage = chargeOf(o, 'Backup repository');
      const replication = chargeOf(o, 'Replication');
      const now = nowSeconds();
      const latest = await series.latest(o.base_order_id, refs, now);
      const runDate = await series.lastTime(o.base_order_id, refs, now);
      const [objects, storageBytes, replicationBytes] = latest.map((v) => v ?? 0) as [number, number, number];
      return {
        ...o,
        backup_mgmt_applies: mgmt !== undefined,
        backup_storage_applies: storage !== undefined,
        replication_storage_applies: replication !== undefined,
        platform: {
          backup_mgmt_objects: objects,
          backup_mgmt_objects_rate: mgmt?.rate ?? 0,
          backup_mgmt_objects_mrc: mgmt?.mrc_charges ?? 0,
          backup_storage_bytes: storageBytes,
          backup_storage_rate: storage?.rate ?? 0,
          backup_storage_mrc: storage?.mrc_charges ?? 0,
          replication_storage_bytes: replicationBytes,
          replication_storage_rate: replication?.rate ?? 0,
          replication_storage_mrc: replication?.mrc_charges ?? 0,
          run_date: runDate,
        },
      };
    },

    async stats(caller: Caller, input: { baseOrderId: number; startDate: number; endDate: number }): Promise<ChStats> {
      const o = await order(caller, input.baseOrderId);
      const { startDate: start, endDate: end } = input;
      const [mgmt, storage, replication] = await Promise.all([
        series.chart(o.base_order_id, [{ metric: metrics.backup_mgmt_objects, label: 'Backup objects' }], start, end),
        series.chart(o.base_order_id, [{ metric: metrics.backup_storage_bytes, label: 'Backup storage' }], start, end),
        series.chart(
          o.base_order_id,
          [{ metric: metrics.replication_storage_bytes, label: 'Replication storage' }],
          start,
          end,
        ),
      ]);
      return { backup_mgmt: mgmt, backup_storage: storage, replication_storage: replication };
    },
  };
}
