import type { Paged } from '@portal/contract';

/** LIMIT/OFFSET for a 1-based page. */
export const limitOffset = (page: number, perPage: number) => ({ limit: perPage, offset: (page - 1) * perPage });

/** Wraps rows fetched with `count(*) OVER () AS total_count` into the paged answer. */
export function toPage<T extends { total_count?: number }>(
  rows: T[],
  page: number,
  perPage: number,
  total?: number,
): Paged<Omit<T, 'total_count'>> {
  const count = total ?? rows[0]?.total_count ?? 0;
  return {
    data: rows.map(({ total_count: _omit, ...row }) => row),
    current_page: page,
    last_page: Math.ceil(count / perPage),
    per_page: perPage,
    total: count,
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%". */
export const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
