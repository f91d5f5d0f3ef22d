// Writes packages/contract/src/routes.ts: every contract call as a route without its schemas (decision 103).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { routesSource } from '../packages/contract/src/routes-source.ts';

const target = fileURLToPath(new URL('../packages/contract/src/routes.ts', import.meta.url));
writeFileSync(target, await routesSource());
console.log(`wrote ${target}`);
