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

/**
 * Fetches one page with `fetch(page)`; a page past the end answers the last page instead (so a stale
 * link or a shrunken list never shows "Page 0 of 0" with no way back). The window count is lost when
 * the page has no rows, so only then page 1 is fetched again to learn the total: an extra query on
 * out-of-range requests only.
 */
export async function pageOrLast<T extends { total_count?: number }>(
  page: number,
  perPage: number,
  fetch: (page: number) => Promise<T[]>,
): Promise<Paged<Omit<T, 'total_count'>>> {
  const rows = await fetch(page);
  if (rows.length > 0 || page <= 1) return toPage(rows, page, perPage);
  const first = await fetch(1);
  const lastPage = Math.ceil((first[0]?.total_count ?? 0) / perPage);
  if (lastPage <= 1) return toPage(first, 1, perPage);
  return toPage(await fetch(lastPage), lastPage, perPage);
}
