import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { serverPageOf } from './first-screen.ts';
import { routes } from './router.tsx';

const flatten = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...flatten(r.children ?? [])]);
const serverRendered = flatten(routes).filter((route) => serverPageOf(route) !== null);

/**
 * The server links a page's stylesheets by the module its handle names (decision 109): a name that is not
 * the module the route loads would render the page without its styles until its script came.
 */
describe('pages rendered on the server', () => {
  it('include the sign-in page, the dashboard, invoices, services and the product pages', () => {
    const paths = serverRendered.map((route) => route.path);
    for (const path of ['login/:reason?', 'home/index', 'invoices', 'services', 'services/*', 'service/ob/*']) {
      expect(paths).toContain(path);
    }
  });

  it.each(serverRendered.map((route) => [route.path, route] as const))(
    '%s names the module its route loads',
    async (_path, route) => {
      // 'src/features/…' from this file, src/app.
      const path = `../${serverPageOf(route)!.replace(/^src\//, '')}`;
      const module = (await import(/* @vite-ignore */ path)) as Record<string, unknown>;
      const loaded = await (route.lazy as () => Promise<{ Component: unknown }>)();
      expect(Object.values(module)).toContain(loaded.Component);
    },
  );
});
