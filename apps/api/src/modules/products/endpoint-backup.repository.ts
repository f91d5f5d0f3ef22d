import type { productsEb } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { limitOffset } from '../../lib/paging.ts';

/* The agent clients and image-backed machines of an endpoint backup order (migration 080), as the
 * product-objects collection stores them. The order's ownership is checked by the caller. */

const clientColumns = `client_name, os, agent_version, total_bytes_protected::float8 AS total_bytes_protected,
       backup_count, failed_backup_count, extract(epoch FROM last_backup)::bigint AS last_backup, last_backup_status`;

const machineColumns = `vm_name, os, total_local_storage_bytes::float8 AS total_local_storage_bytes, total_snapshots,
       missed_snapshots, extract(epoch FROM last_snapshot)::bigint AS last_snapshot, last_snapshot_status`;

/** A page of an order's agent clients, by name. */
export function findAgentClients(db: Db, baseOrderId: number, page: number, perPage: number) {
  const { limit, offset } = limitOffset(page, perPage);
  return db.query<productsEb.AgentClient & { total_count: number }>(
    `SELECT ${clientColumns}, count(*) OVER () AS total_count
       FROM eb_agent_clients WHERE base_order_id = $1
      ORDER BY client_name LIMIT $2 OFFSET $3`,
    [baseOrderId, limit, offset],
  );
}

/** One agent client of an order by its name. */
export const findAgentClient = (db: Db, baseOrderId: number, clientName: string) =>
  db.one<productsEb.AgentClient>(
    `SELECT ${clientColumns} FROM eb_agent_clients WHERE base_order_id = $1 AND client_name = $2`,
    [baseOrderId, clientName],
  );

/** A page of an order's image-backed machines, by name. */
export function findImageMachines(db: Db, baseOrderId: number, page: number, perPage: number) {
  const { limit, offset } = limitOffset(page, perPage);
  return db.query<productsEb.ImageMachine & { total_count: number }>(
    `SELECT ${machineColumns}, count(*) OVER () AS total_count
       FROM eb_image_machines WHERE base_order_id = $1
      ORDER BY vm_name LIMIT $2 OFFSET $3`,
    [baseOrderId, limit, offset],
  );
}

/** One image-backed machine of an order by its VM name. */
export const findImageMachine = (db: Db, baseOrderId: number, vmName: string) =>
  db.one<productsEb.ImageMachine>(
    `SELECT ${machineColumns} FROM eb_image_machines WHERE base_order_id = $1 AND vm_name = $2`,
    [baseOrderId, vmName],
  );
