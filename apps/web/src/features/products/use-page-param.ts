import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page of one of several paged tables on a page, kept in its own query parameter (the agent
 * clients' and the image machines' pages move independently; Back and links keep them).
 */
export function usePageParam(name: string): [number, (page: number, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next <= 1) copy.delete(name);
          else copy.set(name, String(next));
          return copy;
        },
        { replace: options?.replace ?? false },
      ),
    [name, setParams],
  );
  return [page, setPage];
}
