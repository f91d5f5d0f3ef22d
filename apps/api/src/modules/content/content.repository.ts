import type { ResourceCategory } from '@portal/contract';

import type { Db } from '../../db/client.ts';

export const findCategories = (db: Db) =>
  db.query<ResourceCategory>(
    `SELECT id, title, parent_id AS "parentCat" FROM resource_categories ORDER BY parent_id NULLS FIRST, sort_order, title`,
  );
