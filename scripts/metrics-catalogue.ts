// Writes docs/metrics-catalogue.md from the metrics catalogue (apps/api/src/modules/metrics/catalogue.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { catalogueMarkdown } from '../apps/api/src/modules/metrics/catalogue-doc.ts';

const target = fileURLToPath(new URL('../docs/metrics-catalogue.md', import.meta.url));
writeFileSync(target, catalogueMarkdown());
console.log(`wrote ${target}`);
