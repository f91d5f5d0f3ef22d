import type { ProductItem } from '@portal/contract';

import { readProduct, upsertProduct } from './products.repository.ts';
import { same, type Upsert } from './upsert.ts';

/** products by product_cd. */
export const upsertProductItem: Upsert<ProductItem> = async (db, item) => {
  const held = await readProduct(db, item.product_cd);
  if (held && same(held, item)) return { status: 'unchanged' };
  await upsertProduct(db, item);
  return { status: held ? 'updated' : 'created' };
};
