import type { OrderDetail, OrderListItem, orders, PendingOrder, Product } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern } from '../../lib/paging.ts';
import { inCallerAccounts } from '../../db/scope.ts';

export const findProducts = (db: Db) =>
  db.query<Product>(
    `SELECT product_cd, product, short_product_name, product_controller, product_group, active
       FROM products ORDER BY product_group, product`,
  );

export const findPendingOrders = (db: Db, userId: number, count: number) =>
  db.query<PendingOrder>(
    `SELECT o.base_order_id, o.order_number, p.product, o.account_id,
            CASE WHEN tm.team_member_id IS NULL THEN NULL
                 ELSE json_build_object('first_nm', tm.first_nm, 'last_nm', tm.last_nm) END AS project_manager
       FROM orders o
       JOIN products p ON p.product_cd = o.product_cd
       LEFT JOIN team_members tm ON tm.team_member_id = o.project_manager_id
      WHERE o.order_status_cd = 'P' AND ${inCallerAccounts('o.account_id', 1)}
      ORDER BY o.created_at DESC, o.base_order_id DESC
      LIMIT $2`,
    [userId, count],
  );

/**
 * Sort expressions of the services list. Text columns never yield NULL (coalesced to ''), so the
 * same expression works for ORDER BY and for the keyset comparison of the CSV.
 */
const sortExpressions: Record<orders.OrderSortColumn, string> = {
  product: 'lower(p.product)',
  order_number: 'o.order_number',
  uss_circuit_id: "coalesce(o.uss_circuit_id, '')",
  customer_ref: "lower(coalesce(o.customer_ref, ''))",
  alias: "lower(coalesce(o.alias, ''))",
  mrc_charges: 'o.mrc_charges',
};

/** The product group path of a product: 'Backup & Recovery' → 'backup-recovery' (as the app builds it). */
const groupPathSql = "trim(both '-' from regexp_replace(lower(p.product_group), '[^a-z0-9]+', '-', 'g'))";

export interface OrderFilter {
  userId: number;
  accountId?: number | undefined;
  search?: string | undefined;
  productGroup?: string | undefined;
  productCd?: string | undefined;
  sort?: orders.OrderSortColumn | undefined;
  order: 'asc' | 'desc';
}

const orderColumns = `o.base_order_id, o.account_id, o.order_number, o.product_cd, p.product, p.product_controller,
  o.uss_circuit_id, o.customer_ref, o.alias, o.mrc_charges`;
/** The currency of the charges: the account's (a key look-up per row of a page or batch). */
const listColumns = `${orderColumns}, (SELECT a.currency FROM accounts a WHERE a.account_id = o.account_id) AS currency`;

/**
 * WHERE clause and parameters of a services search; `$1` is the caller. Pending orders are not
 * services yet. Reads the products whose name matches the search first (a small table), so the
 * orders side is plain ILIKEs and an array of product codes the planner can see.
 */
async function searchWhere(db: Db, f: OrderFilter): Promise<{ where: string; params: unknown[] }> {
  const params: unknown[] = [f.userId];
  const where = [inCallerAccounts('o.account_id', 1), "o.order_status_cd <> 'P'"];
  const add = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (f.accountId !== undefined) where.push(`o.account_id = ${add(f.accountId)}`);
  if (f.productCd) where.push(`o.product_cd = ${add(f.productCd)}`);
  if (f.productGroup) where.push(`${groupPathSql} = ${add(f.productGroup)}`);
  if (f.search && f.search.includes('\u001f')) {
    // The fields joined by chr(31): a search holding that character can match across two of them,
    // so it keeps this form (no index) and the results stay the same for every search.
    where.push(
      `concat_ws(chr(31), o.order_number, o.uss_circuit_id, o.customer_ref, o.alias, p.product) ILIKE ${add(likePattern(f.search))}`,
    );
  } else if (f.search) {
    // Each field on its own, so each ILIKE can use its trigram index (042-search-trigram.sql). The
    // product name goes through the matching product codes, passed as a value: a subquery inside
    // the OR (IN or ARRAY) would leave the planner no index path, or a blind estimate.
    const pattern = likePattern(f.search);
    const codes = (
      await db.query<{ product_cd: string }>('SELECT product_cd FROM products WHERE product ILIKE $1', [pattern])
    ).map((r) => r.product_cd);
    const n = add(pattern);
    const arms = ['o.order_number', 'o.uss_circuit_id', 'o.customer_ref', 'o.alias'].map((c) => `${c} ILIKE ${n}`);
    if (codes.length) arms.push(`o.product_cd = ANY (${add(codes)}::text[])`);
    where.push(`(${arms.join(' OR ')})`);
  }
  return { where: where.join(' AND '), params };
}

/**
 * Sort expression and direction. Unsorted lists go by order number (the order the services were
 * ordered in): like every sort but product, it reads an account's services in index order
 * (041-services-sort-indexes.sql) instead of sorting them all.
 */
function sortOf(f: OrderFilter): { expr: string; dir: 'ASC' | 'DESC' } {
  const expr = sortExpressions[f.sort ?? 'order_number'];
  return { expr, dir: f.sort && f.order === 'desc' ? 'DESC' : 'ASC' };
}

/** The group filter reads the product; the count can skip the join otherwise. */
const needsProduct = (f: OrderFilter) => Boolean(f.productGroup);

/** The list's columns by their output names, for reading them back from the search's CTE. */
const listNames = `${orderColumns.replace(/\b[op]\./g, '')}, currency`;

/**
 * A page of the caller's services with the total count. Without a search the count is its own
 * uncorrelated subquery (computed once, from an index), so the page itself reads only its rows in
 * index order. A search reads every matching row anyway, so it counts them in the same pass (a
 * window), over a materialized CTE: planned on its own, the match uses the trigram indexes, where
 * under the LIMIT PostgreSQL 15 would cost the window as if it stopped early and walk the
 * account's services in sort-index order, testing each one.
 */
export async function findOrders(db: Db, f: OrderFilter, limit: number, offset: number) {
  const { where, params } = await searchWhere(db, f);
  const { expr, dir } = sortOf(f);
  params.push(limit, offset);
  const page = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  if (f.search) {
    return db.query<OrderListItem & { total_count: number }>(
      `WITH matched AS MATERIALIZED (
         SELECT ${listColumns}, ${expr} AS sort_key
           FROM orders o JOIN products p ON p.product_cd = o.product_cd
          WHERE ${where})
       SELECT ${listNames}, count(*) OVER () AS total_count
         FROM matched
        ORDER BY sort_key ${dir}, base_order_id ${dir}
        ${page}`,
      params,
    );
  }
  const countFrom = needsProduct(f) ? 'orders o JOIN products p ON p.product_cd = o.product_cd' : 'orders o';
  return db.query<OrderListItem & { total_count: number }>(
    `SELECT ${listColumns}, (SELECT count(*) FROM ${countFrom} WHERE ${where}) AS total_count
       FROM orders o JOIN products p ON p.product_cd = o.product_cd
      WHERE ${where}
      ORDER BY ${expr} ${dir}, o.base_order_id ${dir}
      ${page}`,
    params,
  );
}

export type OrderCsvRow = OrderListItem & {
  account_number: string;
  account_name: string;
  sort_key: string | number;
};

/**
 * One keyset batch of the services CSV in the list's order: the rows after `after`
 * (its sort key and base_order_id), so each query reads only its own batch.
 */
export async function findOrdersAfter(
  db: Db,
  f: OrderFilter,
  after: { sortKey: string | number; baseOrderId: number } | null,
  limit: number,
) {
  const { where, params } = await searchWhere(db, f);
  const { expr, dir } = sortOf(f);
  let keyset = '';
  if (after) {
    params.push(after.sortKey, after.baseOrderId);
    const cmp = dir === 'ASC' ? '>' : '<';
    keyset = `AND (${expr}, o.base_order_id) ${cmp} ($${params.length - 1}, $${params.length})`;
  }
  params.push(limit);
  return db.query<OrderCsvRow>(
    `SELECT ${listColumns}, a.account_number, a.name AS account_name, ${expr} AS sort_key
       FROM orders o JOIN products p ON p.product_cd = o.product_cd JOIN accounts a ON a.account_id = o.account_id
      WHERE ${where} ${keyset}
      ORDER BY ${expr} ${dir}, o.base_order_id ${dir}
      LIMIT $${params.length}`,
    params,
  );
}

/** The caller's order with its account and components (one query), or undefined (also for another customer's order). */
export const findOrder = (db: Db, userId: number, baseOrderId: number) =>
  db.one<OrderDetail>(
    `SELECT ${listColumns}, o.order_status_cd, o.contract_start_date::text AS contract_start_date,
            o.term_cd, o.order_term_cd, o.order_term,
            json_build_object('account_id', a.account_id, 'account_number', a.account_number, 'name', a.name) AS account,
            coalesce((
              SELECT json_agg(json_build_object(
                       'component_id', c.component_id, 'quantity', c.quantity, 'unit_of_measure', c.unit_of_measure,
                       'current_customer_services', json_build_object(
                         'mrc_charges', c.mrc_charges, 'service_component', json_build_object('description', c.description)))
                     ORDER BY c.sort_order, c.component_id)
                FROM order_components c WHERE c.base_order_id = o.base_order_id), '[]'::json) AS all_customer_order_components
       FROM orders o
       JOIN products p ON p.product_cd = o.product_cd
       JOIN accounts a ON a.account_id = o.account_id
      WHERE o.base_order_id = $2 AND ${inCallerAccounts('o.account_id', 1)}`,
    [userId, baseOrderId],
  );

/** Sets (or, with an empty alias, clears) the alias of the caller's order; undefined when the order is not the caller's. */
export const updateAlias = (db: Db, userId: number, baseOrderId: number, alias: string) =>
  db.one<{ base_order_id: number; alias: string | null; product_controller: string }>(
    `UPDATE orders o SET alias = NULLIF(btrim($3), '')
       FROM products p
      WHERE p.product_cd = o.product_cd AND o.base_order_id = $2 AND ${inCallerAccounts('o.account_id', 1)}
      RETURNING o.base_order_id, o.alias, p.product_controller`,
    [userId, baseOrderId, alias],
  );
