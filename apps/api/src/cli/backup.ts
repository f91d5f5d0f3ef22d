/**
 * npm run backup [-- --to FOLDER]                 back up the embedded database and attachments
 * npm run restore -- --from FOLDER [--replace]     restore one into DATA_DIR
 *
 * For the embedded database (no DATABASE_URL), with the portal stopped. On PostgreSQL use pg_dump /
 * pg_restore (see the README).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { loadEnv } from '../config/env.ts';
import { backupEmbedded, restoreEmbedded } from '../db/backup.ts';

const USAGE = 'usage: npm run backup [-- --to FOLDER]   |   npm run restore -- --from FOLDER [--replace]';

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { to: { type: 'string' }, from: { type: 'string' }, replace: { type: 'boolean' } },
  });
  const env = loadEnv();
  if (env.DATABASE_URL) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc "$DATABASE_URL" -f portal.dump and restore it ' +
        'with pg_restore --clean --if-exists -d "$DATABASE_URL" portal.dump (attachments are in the database).',
    );
    return 2;
  }
  const started = Date.now();
  if (positionals[0] === 'backup') {
    const to = values.to ?? join(env.DATA_DIR, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));
    const { bytes, files } = await backupEmbedded(env.DATA_DIR, to);
    console.log(`Backed up the database (${(bytes / 1e6).toFixed(1)} MB) and ${files} attachment files to ${to}`);
  } else if (positionals[0] === 'restore' && values.from) {
    const { keptAside } = await restoreEmbedded(env.DATA_DIR, values.from, { replace: values.replace ?? false });
    console.log(
      `Restored ${values.from} into ${env.DATA_DIR}${keptAside ? `; the previous database is in ${keptAside}` : ''}`,
    );
  } else {
    console.error(USAGE);
    return 2;
  }
  console.log(`in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
