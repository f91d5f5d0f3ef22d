import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { isCall, type Call } from './call.ts';

/**
 * The text of routes.ts: every call of every area as a route (where and how it is sent) typed by its
 * call, with none of its schemas. Node only: used by `npm run contract-routes` and routes.test.ts.
 */
export async function routesSource(): Promise<string> {
  const index = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'index.ts'), 'utf8');
  const areas = [...index.matchAll(/^export \* as (\w+) from '\.\/([\w-]+)\.ts';$/gm)].map(([, name, file]) => ({
    name: name!,
    file: file!,
  }));
  const lines = [
    "// Generated from the contract's calls by `npm run contract-routes`; routes.test.ts fails when it is stale.",
    '// The browser sends calls by these routes: each carries its call’s types but none of its schemas, so the',
    '// validation library stays off the pages that validate nothing (decision 103). Integration calls are',
    '// left out: only a provider’s systems send them, with integration tokens a browser never holds.',
    "import type { CallRoute } from './call.ts';",
    ...areas.map((a) => `import type * as ${a.name}Calls from './${a.file}.ts';`),
  ];
  for (const area of areas) {
    const module = (await import(`./${area.file}.ts`)) as Record<string, unknown>;
    const calls = Object.entries(module).filter(
      (entry): entry is [string, Call] => isCall(entry[1]) && entry[1].auth.access !== 'integration',
    );
    if (calls.length === 0) continue;
    lines.push('', `export const ${area.name} = {`);
    for (const [name, call] of calls.sort(([a], [b]) => a.localeCompare(b))) {
      const route = {
        id: call.id,
        path: call.path,
        methods: call.methods,
        access: call.auth.access,
        ...(call.binary ? { binary: call.binary } : {}),
      };
      lines.push(`  ${name}: ${JSON.stringify(route)} as CallRoute<typeof ${area.name}Calls.${name}>,`);
    }
    lines.push('};');
  }
  lines.push('');
  return lines.join('\n');
}
