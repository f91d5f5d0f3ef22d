import type { ProductItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

export const readProduct = (db: Db, productCd: string) =>
  db.one<ProductItem>(
    `SELECT product_cd, product, short_product_name, product_group, product_controller, active
       FROM products WHERE product_cd = $1`,
    [productCd],
  );

export const upsertProduct = (db: Db, p: ProductItem) =>
  db.query(
    `INSERT INTO products (product_cd, product, short_product_name, product_group, product_controller, active)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (product_cd) DO UPDATE SET product = EXCLUDED.product,
       short_product_name = EXCLUDED.short_product_name, product_group = EXCLUDED.product_group,
       product_controller = EXCLUDED.product_controller, active = EXCLUDED.active`,
    [p.product_cd, p.product, p.short_product_name, p.product_group, p.product_controller, p.active],
  );
