import type { products, ProductOrder } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';
import { inCallerAccounts } from '../../lib/scope.ts';

/** One of the caller's orders whose product has this controller; undefined otherwise. */
export const findProductOrder = (db: Db, userId: number, baseOrderId: number, controller: string) =>
  db.one<ProductOrder>(
    `SELECT o.base_order_id, o.order_number, o.product_cd, p.product, o.alias, o.account_id
       FROM orders o
       JOIN products p ON p.product_cd = o.product_cd
      WHERE o.base_order_id = $2 AND p.product_controller = $3 AND ${inCallerAccounts('o.account_id', 1)}`,
    [userId, baseOrderId, controller],
  );

export const findComponents = (db: Db, baseOrderId: number, limit: number) =>
  db.query<{
    component_id: number;
    description: string;
    unit_of_measure: string | null;
    quantity: number;
    mrc_charges: number;
  }>(
    `SELECT component_id, description, unit_of_measure, quantity, mrc_charges
       FROM order_components c
      WHERE base_order_id = $1
        AND EXISTS (SELECT 1 FROM metric_points m
                     WHERE m.base_order_id = $1 AND m.series = 'usage:' || c.component_id::text)
      ORDER BY sort_order, component_id
      LIMIT $2`,
    [baseOrderId, limit],
  );

/** The latest value of each of some series of an order (at or before `at`, epoch seconds). */
export async function latestValues(db: Db, baseOrderId: number, series: readonly string[], at: number) {
  if (series.length === 0) return new Map<string, number>();
  const names = series.map((_, i) => `$${i + 3}`).join(', ');
  const rows = await db.query<{ series: string; value: number }>(
    `SELECT DISTINCT ON (series) series, value
       FROM metric_points
      WHERE base_order_id = $1 AND ts <= to_timestamp($2) AND series IN (${names})
      ORDER BY series, ts DESC`,
    [baseOrderId, at, ...series],
  );
  return new Map(rows.map((r) => [r.series, r.value]));
}

/** Names of an order's series starting with a prefix, e.g. 'in_bits:'. */
export const seriesNames = (db: Db, baseOrderId: number, prefix: string) =>
  db.query<{ series: string }>(
    `SELECT DISTINCT series FROM metric_points WHERE base_order_id = $1 AND series LIKE $2 ORDER BY series`,
    [baseOrderId, `${prefix}%`],
  );

const bucketSort: Record<(typeof products.bucketSortColumns)[number], string> = {
  bucket: 'bucket',
  size: 'size',
  num_objects: 'num_objects',
};

/** A page of an order's buckets (the order's ownership is checked by the caller). */
export function findBuckets(
  db: Db,
  baseOrderId: number,
  q: {
    page: number;
    perPage: number;
    sort_column?: products.BucketSortColumn | undefined;
    sort_order: 'asc' | 'desc';
    search_bucket?: string | undefined;
  },
) {
  const { limit, offset } = limitOffset(q.page, q.perPage);
  const order = q.sort_column
    ? `${bucketSort[q.sort_column]} ${q.sort_order === 'desc' ? 'DESC' : 'ASC'}, bucket`
    : 'bucket';
  return db.query<products.Bucket & { total_count: number }>(
    `SELECT bucket, size, num_objects, count(*) OVER () AS total_count
       FROM ob_buckets
      WHERE base_order_id = $1 AND bucket ILIKE $2
      ORDER BY ${order}
      LIMIT $3 OFFSET $4`,
    [baseOrderId, likePattern(q.search_bucket ?? ''), limit, offset],
  );
}
