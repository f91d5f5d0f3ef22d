/**
 * npm run import -- --collection invoices --file invoices.csv [--dry-run]
 *
 * Loads a CSV (header row of field names; nested lists as JSON in a cell) or NDJSON file (one item a
 * line) through the same validation and upsert services as POST /api/integration/v1/{collection}/batch,
 * streaming, and prints counts per outcome and every invalid row with its line number.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { integration, type CollectionName } from '@portal/contract';

import { createDeps } from '../../bootstrap.ts';
import { loadEnv } from '../../config/env.ts';
import { importFile } from './import/import.service.ts';

const USAGE = `usage: npm run import -- --collection NAME --file FILE.csv|FILE.ndjson [--dry-run]
collections: ${integration.collectionNames.join(', ')}`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      collection: { type: 'string' },
      file: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  const collection = values.collection as CollectionName;
  if (values.help || !integration.collectionNames.includes(collection) || !values.file || !existsSync(values.file)) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const deps = await createDeps({ ...loadEnv(), SEED_ON_EMPTY: false });
  const started = Date.now();
  try {
    const counts = await importFile(deps, {
      collection,
      file: values.file,
      dryRun: values['dry-run'],
      onInvalid: (line, result) => {
        for (const [field, problems] of Object.entries(result.errors ?? {})) {
          for (const problem of problems) console.log(`line ${line}: ${result.key || '-'}: ${field}: ${problem}`);
        }
      },
      onProgress: (rows) => process.stderr.write(`\r${rows.toLocaleString('en-US')} rows`),
    });
    const total = counts.created + counts.updated + counts.unchanged + counts.invalid;
    process.stderr.write('\r');
    console.log(
      `${values['dry-run'] ? 'dry run (nothing written): ' : ''}${total} rows in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
        `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.invalid} invalid`,
    );
    return counts.invalid > 0 ? 1 : 0;
  } finally {
    await deps.db.close();
    deps.redis?.disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
