import type { VpgStatus } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { limitOffset } from '../../lib/paging.ts';
import { inCallerAccounts } from '../../db/scope.ts';

/** A protection group as its table holds it (object_key = its name, the key of its series). */
export interface VpgRow {
  vpg_id: number;
  base_order_id: number;
  vpg_name: string;
  configured_rpo: number;
  status: VpgStatus;
  last_test: number | null;
  vms_count: number;
}

/** A protected VM with its protection group (object_key = the provider's VM id, the key of its series). */
export interface VmRow {
  vm_id: number;
  base_order_id: number;
  object_key: string;
  vm_name: string;
  vpg_id: number;
  vpg: string;
  configured_rpo: number;
}

const vpgColumns = `g.vpg_id, g.base_order_id, g.object_key AS vpg_name, g.configured_rpo_seconds AS configured_rpo,
        g.status, extract(epoch FROM g.last_test)::bigint AS last_test,
        (SELECT count(*)::int FROM dr_vms v WHERE v.base_order_id = g.base_order_id AND v.vpg = g.object_key) AS vms_count`;

/** Scoped to the caller's disaster recovery orders: `$1` is the caller's user id. */
const callerDsOrder = (alias: string) => `JOIN orders o ON o.base_order_id = ${alias}.base_order_id
       JOIN products p ON p.product_cd = o.product_cd AND p.product_controller = 'ds'
      WHERE ${inCallerAccounts('o.account_id', 1)}`;

/** The protection groups of an order (whose ownership the caller has checked), by name. */
export const findVpgs = (db: Db, baseOrderId: number) =>
  db.query<VpgRow>(
    `SELECT ${vpgColumns} FROM dr_protection_groups g WHERE g.base_order_id = $1 ORDER BY g.object_key, g.vpg_id`,
    [baseOrderId],
  );

/** One of the caller's protection groups; undefined when it is not theirs or does not exist. */
export const findCallerVpg = (db: Db, userId: number, vpgId: number) =>
  db.one<VpgRow>(`SELECT ${vpgColumns} FROM dr_protection_groups g ${callerDsOrder('g')} AND g.vpg_id = $2`, [
    userId,
    vpgId,
  ]);

const vmColumns = `v.vm_id, v.base_order_id, v.object_key, v.vm_name, g.vpg_id, g.object_key AS vpg,
        g.configured_rpo_seconds AS configured_rpo`;
const vmJoin = `JOIN dr_protection_groups g ON g.base_order_id = v.base_order_id AND g.object_key = v.vpg`;

/** One of the caller's protected VMs; undefined when it is not theirs or does not exist. */
export const findCallerVm = (db: Db, userId: number, vmId: number) =>
  db.one<VmRow>(`SELECT ${vmColumns} FROM dr_vms v ${vmJoin} ${callerDsOrder('v')} AND v.vm_id = $2`, [userId, vmId]);

/** Counts of an order's VMs and protection groups. */
export const countObjects = async (db: Db, baseOrderId: number) =>
  (await db.one<{ vms: number; vpgs: number }>(
    `SELECT (SELECT count(*)::int FROM dr_vms WHERE base_order_id = $1) AS vms,
            (SELECT count(*)::int FROM dr_protection_groups WHERE base_order_id = $1) AS vpgs`,
    [baseOrderId],
  )) ?? { vms: 0, vpgs: 0 };

/** An order's VMs (of one protection group when vpgId is given), by group and name: a page, or all. */
export function findVms(
  db: Db,
  baseOrderId: number,
  vpgId: number | undefined,
  paging?: { page: number; perPage: number },
) {
  const { limit, offset } = paging ? limitOffset(paging.page, paging.perPage) : { limit: null, offset: 0 };
  return db.query<VmRow & { total_count: number }>(
    `SELECT ${vmColumns}, count(*) OVER () AS total_count
       FROM dr_vms v ${vmJoin}
      WHERE v.base_order_id = $1 AND ($2::int IS NULL OR g.vpg_id = $2)
      ORDER BY g.object_key, v.vm_name, v.vm_id
      LIMIT $3 OFFSET $4`,
    [baseOrderId, vpgId ?? null, limit, offset],
  );
}
