import type { products } from '@portal/contract';

import type { Db } from '../../db/client.ts';

/**
 * An order's monitored interfaces, by ifIndex (network_interfaces, fed as product-objects of kind
 * network_interface: decision 098); with `objectKey`, only that one. The key is the ifIndex in its
 * one decimal spelling (the collection checks it), so it reads as an integer.
 */
export const findInterfaces = (db: Db, baseOrderId: number, objectKey?: string) =>
  db.query<products.NetworkInterface>(
    `SELECT object_key::int AS snmpinterface_id, snmpiftype, alias AS multi_interface_alias, name,
            speed_bps::float8 AS speed_bps
       FROM network_interfaces
      WHERE base_order_id = $1 AND ($2::text IS NULL OR object_key = $2)
      ORDER BY object_key::int`,
    [baseOrderId, objectKey ?? null],
  );
