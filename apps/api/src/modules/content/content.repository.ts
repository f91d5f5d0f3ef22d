import type { ResourceCategory } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern } from '../../lib/paging.ts';

export const findCategories = (db: Db) =>
  db.query<ResourceCategory>(
    `SELECT id, title, parent_id AS "parentCat" FROM resource_categories ORDER BY parent_id NULLS FIRST, sort_order, title`,
  );

export const categoryExists = async (db: Db, categoryId: number) =>
  (await db.one('SELECT 1 FROM resource_categories WHERE id = $1', [categoryId])) !== undefined;

/** An article row as stored; the service turns it into the content service's shape. */
export interface ResourceRow {
  id: number;
  category_id: number;
  title: string;
  excerpt: string;
  body?: string;
  image_url: string | null;
  thumbnail_url: string | null;
  post_date: string;
  alternative_link_url: string | null;
  alternative_link_text: string | null;
}

const columns = `r.id, r.category_id, r.title, r.excerpt, r.image_url, r.thumbnail_url,
  to_char(r.post_date AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS post_date,
  r.alternative_link_url, r.alternative_link_text`;

/**
 * A page of the articles of a category and of its child categories, newest first; the search
 * matches title, excerpt or body.
 */
export function findResources(db: Db, categoryId: number, search: string | undefined, limit: number, offset: number) {
  const params: unknown[] = [categoryId];
  let where = 'r.category_id IN (SELECT id FROM resource_categories WHERE id = $1 OR parent_id = $1)';
  if (search) {
    params.push(likePattern(search));
    where += ` AND (r.title ILIKE $2 OR r.excerpt ILIKE $2 OR r.body ILIKE $2)`;
  }
  params.push(limit, offset);
  return db.query<ResourceRow & { total_count: number }>(
    `SELECT ${columns}, count(*) OVER () AS total_count FROM resources r
      WHERE ${where}
      ORDER BY r.post_date DESC, r.id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

export const findResource = (db: Db, id: number) =>
  db.one<ResourceRow & { body: string }>(`SELECT ${columns}, r.body FROM resources r WHERE r.id = $1`, [id]);
