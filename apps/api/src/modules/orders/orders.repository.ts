import type { PendingOrder, Product } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../lib/scope.ts';

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
