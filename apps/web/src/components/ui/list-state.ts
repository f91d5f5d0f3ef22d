/**
 * List rules of spec core.md section 4: the sort cycle and the pager buttons. Pure functions,
 * so the rules are pinned by unit tests; `useListState` keeps the state in the query string.
 */
export type SortOrder = 'asc' | 'desc';

export interface SortState {
  sort: string | null;
  order: SortOrder | null;
}

/** Clicking a column: unsorted → ascending → descending → unsorted; another column starts ascending. */
export function nextSort(current: SortState, column: string): SortState {
  if (current.sort !== column || current.order === null) return { sort: column, order: 'asc' };
  if (current.order === 'asc') return { sort: column, order: 'desc' };
  return { sort: null, order: null };
}

export interface PagerState {
  /** The page number shown: 0 when there are no pages. */
  shown: number;
  first: boolean;
  previous: boolean;
  next: boolean;
  last: boolean;
}

/** Which pager buttons show: first/previous hidden on page 1, next/last hidden on the last page. */
export function pagerState(currentPage: number, lastPage: number): PagerState {
  if (lastPage <= 0) return { shown: 0, first: false, previous: false, next: false, last: false };
  const page = Math.min(Math.max(currentPage, 1), lastPage);
  return {
    shown: page,
    first: page > 1,
    previous: page > 1,
    next: page < lastPage,
    last: page < lastPage,
  };
}

export interface ListState extends SortState {
  page: number;
  search: string;
}

/** Reads list state from query parameters; junk values fall back to the defaults. */
export function readListState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  const order = params.get('order');
  const sort = params.get('sort') || null;
  const validOrder = order === 'asc' || order === 'desc' ? order : null;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: sort && validOrder ? sort : null,
    order: sort && validOrder ? validOrder : null,
    search: params.get('search') ?? '',
  };
}

/** Writes list state into (a copy of) the query parameters, leaving other parameters alone. */
export function writeListState(params: URLSearchParams, state: ListState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  set('page', state.page > 1 ? String(state.page) : null);
  set('sort', state.sort);
  set('order', state.sort ? state.order : null);
  set('search', state.search.trim() || null);
  return next;
}
