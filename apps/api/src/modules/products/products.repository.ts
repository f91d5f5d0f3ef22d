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

/** The billed components of an order, in page order. */
export const findComponents = (db: Db, baseOrderId: number) =>
  db.query<{
    component_id: number;
    description: string;
    unit_of_measure: string | null;
    quantity: number;
    mrc_charges: number;
  }>(
    `SELECT component_id, description, unit_of_measure, quantity, mrc_charges
       FROM order_components
      WHERE base_order_id = $1
      ORDER BY sort_order, component_id`,
    [baseOrderId],
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
