import type { OrderItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

/** The held orders of these numbers as their items would state them: orders in one query, components in a second. */
export async function readOrders(db: Db, orderNumbers: readonly string[]) {
  type Held = Omit<OrderItem, 'components'> & { base_order_id: number; components: Record<string, unknown>[] };
  const orders = await db.query<Held>(
    `SELECT o.base_order_id, o.order_number, a.account_number, o.product_cd, o.uss_circuit_id AS circuit_id,
       o.customer_ref AS customer_reference, o.order_status_cd, o.contract_start_date AS contract_start, o.term_cd,
       lower(m.email_nm) AS project_manager
     FROM orders o JOIN accounts a ON a.account_id = o.account_id
     LEFT JOIN team_members m ON m.team_member_id = o.project_manager_id
     WHERE o.order_number = ANY($1::text[])`,
    [orderNumbers],
  );
  if (orders.length === 0) return [];
  const byId = new Map(
    orders.map((o) => [o.base_order_id, Object.assign(o, { components: [] as Held['components'] })]),
  );
  const components = await db.query<{ base_order_id: number }>(
    `SELECT c.base_order_id, c.component_key, c.description, c.unit_of_measure, c.quantity::numeric(14,4)::text AS quantity,
       c.rate::numeric(18,6)::text AS rate, c.mrc_charges::numeric(14,2)::text AS mrc_charges
       FROM order_components c WHERE c.base_order_id = ANY($1::int[])
      ORDER BY c.sort_order, c.component_id`,
    [[...byId.keys()]],
  );
  for (const { base_order_id, ...component } of components) byId.get(base_order_id)?.components.push(component);
  return orders;
}

export const accountIdOf = async (db: Db, accountNumber: string) =>
  (await db.one<{ account_id: number }>('SELECT account_id FROM accounts WHERE account_number = $1', [accountNumber]))
    ?.account_id;

/**
 * What order items refer to, in one look-up: their accounts, which of their products exist and their
 * project managers (account team members, by email in lower case).
 */
export async function orderReferencesOf(
  db: Db,
  accountNumbers: readonly string[],
  productCodes: readonly string[],
  emails: readonly string[],
) {
  const rows = await db.query<{ kind: 'a' | 'p' | 'm'; key: string; id: number | null }>(
    `SELECT 'a' AS kind, account_number AS key, account_id AS id FROM accounts WHERE account_number = ANY($1::text[])
     UNION ALL
     SELECT 'p', product_cd, NULL FROM products WHERE product_cd = ANY($2::text[])
     UNION ALL
     SELECT 'm', lower(email_nm), team_member_id FROM team_members WHERE lower(email_nm) = ANY($3::text[])`,
    [accountNumbers, productCodes, emails],
  );
  const accounts = new Map<string, number>();
  const products = new Set<string>();
  const teamMembers = new Map<string, number>();
  for (const r of rows) {
    if (r.kind === 'a') accounts.set(r.key, r.id!);
    else if (r.kind === 'p') products.add(r.key);
    else teamMembers.set(r.key, r.id!);
  }
  return { accounts, products, teamMembers };
}

export type OrderRow = OrderItem & {
  accountId: number;
  projectManagerId: number | null;
  /** The sum of the components' monthly charges. */
  mrcCharges: string;
  order_term_cd: string | null;
  order_term: string | null;
  nowMs: number;
};

const orderColumns = [
  'order_number',
  'account_id',
  'product_cd',
  'uss_circuit_id',
  'customer_ref',
  'order_status_cd',
  'contract_start_date',
  'term_cd',
  'project_manager_id',
  'mrc_charges',
  'order_term_cd',
  'order_term',
];
const orderSource = `unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::date[], $8::text[],
    $9::int[], $10::numeric[], $11::text[], $12::text[], $13::float8[]) WITH ORDINALITY
  AS u(${orderColumns.join(', ')}, now_ms, n)`;
const orderParams = (rows: readonly OrderRow[]) => [
  rows.map((r) => r.order_number),
  rows.map((r) => r.accountId),
  rows.map((r) => r.product_cd),
  rows.map((r) => r.circuit_id ?? null),
  rows.map((r) => r.customer_reference ?? null),
  rows.map((r) => r.order_status_cd),
  rows.map((r) => r.contract_start ?? null),
  rows.map((r) => r.term_cd ?? null),
  rows.map((r) => r.projectManagerId),
  rows.map((r) => r.mrcCharges),
  rows.map((r) => r.order_term_cd),
  rows.map((r) => r.order_term),
  rows.map((r) => r.nowMs),
];

/** Adds new orders in one statement (their ids in item order), dated from the items' time; answers their ids. */
export async function insertOrders(db: Db, rows: readonly OrderRow[]) {
  if (rows.length === 0) return [];
  return db.query<{ order_number: string; base_order_id: number }>(
    `INSERT INTO orders (${orderColumns.join(', ')}, created_at)
     SELECT ${orderColumns.join(', ')}, to_timestamp(now_ms / 1000) FROM ${orderSource} ORDER BY n
     RETURNING order_number, base_order_id`,
    orderParams(rows),
  );
}

/** Sets held orders' fields in one statement, writing only the rows whose fields differ. */
export async function updateOrders(db: Db, rows: readonly OrderRow[]) {
  if (rows.length === 0) return;
  const set = orderColumns.slice(1);
  await db.query(
    `UPDATE orders o SET ${set.map((c) => `${c} = u.${c}`).join(', ')}
       FROM ${orderSource}
      WHERE o.order_number = u.order_number
        AND (${set.map((c) => `o.${c}`).join(', ')}) IS DISTINCT FROM (${set.map((c) => `u.${c}`).join(', ')})`,
    orderParams(rows),
  );
}

export const deleteComponentsOf = async (db: Db, baseOrderIds: readonly number[]) => {
  if (baseOrderIds.length)
    await db.query('DELETE FROM order_components WHERE base_order_id = ANY($1::int[])', [baseOrderIds]);
};

export type ComponentRow = OrderItem['components'][number] & { baseOrderId: number; sortOrder: number };

/** Adds components of many orders in one statement, in list order (sort_order). */
export async function insertComponentsOf(db: Db, rows: readonly ComponentRow[]) {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO order_components (base_order_id, component_key, description, unit_of_measure, quantity, rate,
       mrc_charges, sort_order)
     SELECT c.base_order_id, c.component_key, c.description, c.unit_of_measure, c.quantity, c.rate, c.mrc_charges,
            c.sort_order
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[], $8::int[])
            WITH ORDINALITY AS c(base_order_id, component_key, description, unit_of_measure, quantity, rate, mrc_charges,
                                 sort_order, n)
      ORDER BY c.n`,
    [
      rows.map((r) => r.baseOrderId),
      rows.map((r) => r.component_key),
      rows.map((r) => r.description),
      rows.map((r) => r.unit_of_measure ?? null),
      rows.map((r) => r.quantity),
      rows.map((r) => r.rate ?? null),
      rows.map((r) => r.mrc_charges),
      rows.map((r) => r.sortOrder),
    ],
  );
}
