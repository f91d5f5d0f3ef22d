import type { OrderItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

export const readOrder = (db: Db, orderNumber: string) =>
  db.one<Omit<OrderItem, 'order_number'> & { base_order_id: number }>(
    `SELECT o.base_order_id, a.account_number, o.product_cd, o.uss_circuit_id AS circuit_id,
       o.customer_ref AS customer_reference, o.order_status_cd, o.contract_start_date AS contract_start, o.term_cd,
       lower(m.email_nm) AS project_manager,
       COALESCE((SELECT json_agg(json_build_object('component_key', c.component_key, 'description', c.description,
                   'unit_of_measure', c.unit_of_measure, 'quantity', c.quantity::numeric(14,4)::text,
                   'rate', c.rate::numeric(18,6)::text, 'mrc_charges', c.mrc_charges::numeric(14,2)::text)
                   ORDER BY c.sort_order, c.component_id)
                 FROM order_components c WHERE c.base_order_id = o.base_order_id), '[]') AS components
     FROM orders o JOIN accounts a ON a.account_id = o.account_id
     LEFT JOIN team_members m ON m.team_member_id = o.project_manager_id
     WHERE o.order_number = $1`,
    [orderNumber],
  );

export const accountIdOf = async (db: Db, accountNumber: string) =>
  (await db.one<{ account_id: number }>('SELECT account_id FROM accounts WHERE account_number = $1', [accountNumber]))
    ?.account_id;

/** What an order item refers to, in one look-up: its account, product and project manager. */
export const orderReferences = async (db: Db, o: OrderItem) => {
  const row = await db.one<{ account_id: number | null; product_exists: boolean; team_member_id: number | null }>(
    `SELECT (SELECT account_id FROM accounts WHERE account_number = $1) AS account_id,
       EXISTS (SELECT 1 FROM products WHERE product_cd = $2) AS product_exists,
       (SELECT team_member_id FROM team_members WHERE lower(email_nm) = $3) AS team_member_id`,
    [o.account_number, o.product_cd, o.project_manager ?? null],
  );
  return {
    accountId: row?.account_id ?? undefined,
    productExists: Boolean(row?.product_exists),
    projectManagerId: row?.team_member_id ?? undefined,
  };
};

/**
 * The order's monthly charge is the sum of its components' (exact decimal arithmetic in SQL); the
 * shown term follows the term code; a new order dates from the item's time (nowMs).
 */
export const upsertOrder = async (
  db: Db,
  o: OrderItem,
  ids: { accountId: number; projectManagerId: number | null },
  derived: { order_term_cd: string | null; order_term: string | null; nowMs: number },
) =>
  (await db.one<{ base_order_id: number }>(
    `INSERT INTO orders (order_number, account_id, product_cd, uss_circuit_id, customer_ref, order_status_cd,
       contract_start_date, term_cd, project_manager_id, mrc_charges, order_term_cd, order_term, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, (SELECT COALESCE(sum(v::numeric), 0) FROM unnest($10::text[]) v),
       $11, $12, to_timestamp($13::double precision / 1000))
     ON CONFLICT (order_number) DO UPDATE SET account_id = EXCLUDED.account_id, product_cd = EXCLUDED.product_cd,
       uss_circuit_id = EXCLUDED.uss_circuit_id, customer_ref = EXCLUDED.customer_ref,
       order_status_cd = EXCLUDED.order_status_cd, contract_start_date = EXCLUDED.contract_start_date,
       term_cd = EXCLUDED.term_cd, project_manager_id = EXCLUDED.project_manager_id,
       mrc_charges = EXCLUDED.mrc_charges, order_term_cd = EXCLUDED.order_term_cd, order_term = EXCLUDED.order_term
     RETURNING base_order_id`,
    [
      o.order_number,
      ids.accountId,
      o.product_cd,
      o.circuit_id ?? null,
      o.customer_reference ?? null,
      o.order_status_cd,
      o.contract_start ?? null,
      o.term_cd ?? null,
      ids.projectManagerId,
      o.components.map((c) => c.mrc_charges),
      derived.order_term_cd,
      derived.order_term,
      derived.nowMs,
    ],
  ))!.base_order_id;

export const deleteComponents = (db: Db, baseOrderId: number) =>
  db.query('DELETE FROM order_components WHERE base_order_id = $1', [baseOrderId]);

/** Adds the components in one statement, in list order (sort_order). */
export async function insertComponents(db: Db, baseOrderId: number, components: OrderItem['components']) {
  if (components.length === 0) return;
  await db.query(
    `INSERT INTO order_components (base_order_id, component_key, description, unit_of_measure, quantity, rate,
       mrc_charges, sort_order)
     SELECT $1, c.component_key, c.description, c.unit_of_measure, c.quantity, c.rate, c.mrc_charges, c.n - 1
       FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::numeric[], $7::numeric[]) WITH ORDINALITY
            AS c(component_key, description, unit_of_measure, quantity, rate, mrc_charges, n)
      ORDER BY c.n`,
    [
      baseOrderId,
      components.map((c) => c.component_key),
      components.map((c) => c.description),
      components.map((c) => c.unit_of_measure ?? null),
      components.map((c) => c.quantity),
      components.map((c) => c.rate ?? null),
      components.map((c) => c.mrc_charges),
    ],
  );
}
