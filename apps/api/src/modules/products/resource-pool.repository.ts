import type { productsRp } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';

export interface VmSearch {
  sort_column?: productsRp.VmSortColumn | undefined;
  sort_order: 'asc' | 'desc';
  search_all?: string | undefined;
}

const vmSort: Record<productsRp.VmSortColumn, string> = {
  name: 'name',
  memory_bytes: 'memory_bytes',
  number_of_cpus: 'number_of_cpus',
};

const orderBy = (q: VmSearch) =>
  q.sort_column ? `${vmSort[q.sort_column]} ${q.sort_order === 'desc' ? 'DESC' : 'ASC'}, name` : 'name';

/** VMs of an order (whose ownership the caller has checked) matching the search, a page or all. */
export function findVms(db: Db, baseOrderId: number, q: VmSearch, paging?: { page: number; perPage: number }) {
  const { limit, offset } = paging ? limitOffset(paging.page, paging.perPage) : { limit: null, offset: 0 };
  return db.query<productsRp.ResourcePoolVm & { total_count: number }>(
    `SELECT name, memory_bytes::float8 AS memory_bytes, number_of_cpus, count(*) OVER () AS total_count
       FROM resource_pool_vms
      WHERE base_order_id = $1 AND name ILIKE $2
      ORDER BY ${orderBy(q)}
      LIMIT $3 OFFSET $4`,
    [baseOrderId, likePattern(q.search_all ?? ''), limit, offset],
  );
}

/** The storage profiles of an order (storage_profiles, fed as product-objects of kind storage_profile), by key. */
export const findStorageProfiles = async (db: Db, baseOrderId: number): Promise<string[]> =>
  (
    await db.query<{ object_key: string }>(
      'SELECT object_key FROM storage_profiles WHERE base_order_id = $1 ORDER BY object_key COLLATE "C"',
      [baseOrderId],
    )
  ).map((r) => r.object_key);
