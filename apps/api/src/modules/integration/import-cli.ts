/**
 * npm run import -- --collection invoices --file invoices.csv [--dry-run]
 *
 * Loads a CSV (header row of field names; nested lists as JSON in a cell) or NDJSON file (one item a
 * line) through the same validation and upsert services as POST /api/integration/v1/{collection}/batch,
 * streaming, and prints counts per outcome and every invalid row with its line number.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { integration, type CollectionName } from '@portal/contract';

import { createDeps } from '../../bootstrap.ts';
import { loadEnv } from '../../config/env.ts';
import { importFile } from './import/import.service.ts';

const USAGE = `usage: npm run import -- --collection NAME --file FILE.csv|FILE.ndjson [--dry-run]
collections: ${integration.collectionNames.join(', ')}`;

/**
 * The progress of an import on standard error (the report itself goes to standard output): a bar
 * redrawn in place on a terminal, else a line at each tenth of the file.
 */
function progressBar(fileBytes: number, startedMs: number) {
  let lastTenth = 0;
  return (rows: number, bytesRead: number) => {
    const share = fileBytes > 0 ? Math.min(1, bytesRead / fileBytes) : 1;
    const perSecond = Math.round(rows / Math.max(0.001, (Date.now() - startedMs) / 1000));
    const text = `${(share * 100).toFixed(0).padStart(3)}% ${rows.toLocaleString('en-US')} rows, ${perSecond.toLocaleString('en-US')} rows/s`;
    if (process.stderr.isTTY) {
      const width = 30;
      const done = Math.round(share * width);
      process.stderr.write(`\r[${'#'.repeat(done)}${'-'.repeat(width - done)}] ${text}`);
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      process.stderr.write(`${text}\n`);
    }
  };
}

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
      onProgress: progressBar(statSync(values.file).size, started),
    });
    const total = counts.created + counts.updated + counts.unchanged + counts.invalid;
    if (process.stderr.isTTY) process.stderr.write('\n');
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
