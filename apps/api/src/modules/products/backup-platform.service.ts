import type { ChOrder, ChStats } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { metrics, seriesReader } from '../metrics/index.ts';
import { findProductOrder } from './products.repository.ts';

const GB = 1024 ** 3;
const round2 = (v: number) => Math.round(v * 100) / 100;
const round4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * How the backup platform answer is derived (the seed has no billing feed for it; see db/seed/metrics.ts):
 * - backup_mgmt_applies / backup_storage_applies / replication_storage_applies: the order has a
 *   component whose description starts with 'Backup management objects' / 'Backup repository' /
 *   'Replication' and a quantity above 0 (order_components).
 * - Usage: the latest daily point of backup_mgmt_objects, backup_storage_bytes,
 *   replication_storage_bytes; run_date is the time of the latest of those points.
 * - Rate: the component's mrc_charges over its quantity (per object, or per GB of 1024^3 bytes, a month).
 * - Charge (_mrc): the latest usage times the rate (storage in GB), in dollars; 0 when it does not apply.
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
      const rows = await db.query<{ description: string; quantity: number; mrc_charges: number }>(
        `SELECT description, quantity, mrc_charges FROM order_components WHERE base_order_id = $1 ORDER BY sort_order, component_id`,
        [o.base_order_id],
      );
      const rate = (prefix: string) => {
        const c = rows.find((r) => r.description.startsWith(prefix) && Number(r.quantity) > 0);
        return c ? round4(Number(c.mrc_charges) / Number(c.quantity)) : null;
      };
      const mgmtRate = rate('Backup management objects');
      const storageRate = rate('Backup repository');
      const replicationRate = rate('Replication');
      const now = nowSeconds();
      const latest = await series.latest(o.base_order_id, refs, now);
      const runDate = await series.lastTime(o.base_order_id, refs, now);
      const [objects, storage, replication] = latest.map((v) => v ?? 0) as [number, number, number];
      return {
        ...o,
        backup_mgmt_applies: mgmtRate !== null,
        backup_storage_applies: storageRate !== null,
        replication_storage_applies: replicationRate !== null,
        platform: {
          backup_mgmt_objects: objects,
          backup_mgmt_objects_rate: mgmtRate ?? 0,
          backup_mgmt_objects_mrc: round2(objects * (mgmtRate ?? 0)),
          backup_storage_bytes: storage,
          backup_storage_rate: storageRate ?? 0,
          backup_storage_mrc: round2((storage / GB) * (storageRate ?? 0)),
          replication_storage_bytes: replication,
          replication_storage_rate: replicationRate ?? 0,
          replication_storage_mrc: round2((replication / GB) * (replicationRate ?? 0)),
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
