import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

import type { ListState } from './list-state.ts';
import { nextSort, readListState, writeListState } from './list-state.ts';

export interface ListControls extends ListState {
  /** Goes to a page; `replace` rewrites the current history entry (a correction, not a step). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Advances the sort cycle of a column; goes back to page 1. */
  toggleSort: (column: string) => void;
  /** Sets the search text; goes back to page 1. */
  setSearch: (search: string) => void;
}

/** Page, sort, order and search of a list, kept in the query string (so links and Back work). */
export function useListState(): ListControls {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params), [params]);

  const update = useCallback(
    (change: (current: ListState) => ListState, replace = false) =>
      setParams((current) => writeListState(current, change(readListState(current))), { replace }),
    [setParams],
  );

  return {
    ...state,
    setPage: useCallback(
      (page: number, options?: { replace?: boolean }) =>
        update((s) => ({ ...s, page: Math.max(1, page) }), options?.replace ?? false),
      [update],
    ),
    toggleSort: useCallback((column: string) => update((s) => ({ ...s, ...nextSort(s, column), page: 1 })), [update]),
    setSearch: useCallback((search: string) => update((s) => ({ ...s, search, page: 1 })), [update]),
  };
}
