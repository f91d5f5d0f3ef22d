import type { products, ProductOrder } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';
import { inCallerAccounts } from '../../db/scope.ts';

/**
 * One of the caller's orders whose product has this controller, with its facts and billed components
 * (rate: the component's own, else its charge over its quantity); undefined otherwise.
 */
export const findProductOrder = (db: Db, userId: number, baseOrderId: number, controller: string) =>
  db.one<ProductOrder>(
    `SELECT o.base_order_id, o.order_number, o.product_cd, p.product, o.alias, o.account_id,
            o.uss_circuit_id, o.customer_ref, o.mrc_charges, a.currency,
            coalesce((SELECT json_agg(json_build_object(
                        'component_id', c.component_id, 'description', c.description,
                        'unit_of_measure', c.unit_of_measure, 'quantity', c.quantity,
                        'rate', round(coalesce(c.rate, CASE WHEN c.quantity > 0 THEN c.mrc_charges / c.quantity
                                                             ELSE c.mrc_charges END), 6),
                        'mrc_charges', c.mrc_charges) ORDER BY c.sort_order, c.component_id)
                        FROM order_components c WHERE c.base_order_id = o.base_order_id), '[]') AS charges
       FROM orders o
       JOIN products p ON p.product_cd = o.product_cd
       JOIN accounts a ON a.account_id = o.account_id
      WHERE o.base_order_id = $2 AND p.product_controller = $3 AND ${inCallerAccounts('o.account_id', 1)}`,
    [userId, baseOrderId, controller],
  );

/** The billed component whose description starts with `prefix` and whose quantity is above 0. */
export const chargeOf = (order: ProductOrder, prefix: string) =>
  order.charges.find((c) => c.description.startsWith(prefix) && c.quantity > 0);

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

/** The object storage order's committed quantity and monthly charge (its first such component). */
export const findObjectStorageCommitment = (db: Db, baseOrderId: number) =>
  db.one<{ quantity: number; mrc_charges: number }>(
    `SELECT quantity, mrc_charges FROM order_components
      WHERE base_order_id = $1 AND description = 'Object storage' ORDER BY component_id LIMIT 1`,
    [baseOrderId],
  );
