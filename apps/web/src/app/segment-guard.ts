import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';

import { paths } from '../config/paths.ts';
import { splitSegments } from '../lib/segments.ts';

/**
 * A route loader that checks the route's segments (the `*` splat after controller/action)
 * and sends bad ones to the dashboard. The parsed value becomes the route's loader data:
 *
 *   { path: 'invoices/view/*', loader: segmentGuard((s) => idSegments(exactSegments(s, 2) ?? [])) }
 *   // in the page: const [accountId, cycleLogId] = useLoaderData<number[]>();
 */
export function segmentGuard<T>(parse: (segments: string[]) => T | null) {
  return ({ params }: LoaderFunctionArgs): T => {
    const segments = splitSegments(params['*']);
    const parsed = segments ? parse(segments) : null;
    if (parsed === null) throw redirect(paths.home());
    return parsed;
  };
}

/**
 * segmentGuard with its parser in a module loaded when the route opens: for rules that use the
 * contract's schemas, which stay off the first page (decision 103).
 */
export function lazySegmentGuard<M, T>(load: () => Promise<M>, pick: (module: M) => (segments: string[]) => T | null) {
  return async (args: LoaderFunctionArgs): Promise<T> => segmentGuard(pick(await load()))(args);
}
