// @vitest-environment node
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { allCalls } from './registry.ts';
import * as routes from './routes.ts';
import { routesSource } from './routes-source.ts';

describe('call routes', () => {
  it('routes.ts is the generated text of the current calls (run `npm run contract-routes`)', async () => {
    expect(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'routes.ts'), 'utf8')).toBe(await routesSource());
  });

  it('has one route per call a browser sends, with the call’s id, path, methods, access and binary type', () => {
    const list = Object.values(routes).flatMap((area) => Object.values(area));
    const browserCalls = allCalls.filter((call) => call.auth.access !== 'integration');
    expect(list).toHaveLength(browserCalls.length);
    for (const call of browserCalls) {
      const route = list.find((r) => r.id === call.id);
      expect(route, call.id).toEqual({
        id: call.id,
        path: call.path,
        methods: call.methods,
        access: call.auth.access,
        ...(call.binary ? { binary: call.binary } : {}),
      });
    }
  });
});
