import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { openPglite } from './client.ts';

/**
 * Backups of the embedded database: a folder holding the PGlite data directory as one gzipped tar
 * (`database.tar.gz`) and the attachment files. PGlite is opened by one process at a time, so the
 * portal is stopped while these run. On PostgreSQL, pg_dump and pg_restore do this job (README).
 */
export async function backupEmbedded(dataDir: string, target: string): Promise<{ bytes: number; files: number }> {
  const source = join(dataDir, 'pglite');
  if (!existsSync(join(source, 'PG_VERSION'))) throw new Error(`There is no embedded database under ${source}.`);
  if (existsSync(target) && readdirSync(target).length) throw new Error(`${target} exists and is not empty.`);
  mkdirSync(target, { recursive: true });
  const db = await openPglite(source);
  try {
    const dump = Buffer.from(await (await db.pglite!.dumpDataDir('gzip')).arrayBuffer());
    writeFileSync(join(target, 'database.tar.gz'), dump);
    const attachments = join(dataDir, 'attachments');
    const files = existsSync(attachments) ? readdirSync(attachments).length : 0;
    if (files) cpSync(attachments, join(target, 'attachments'), { recursive: true });
    return { bytes: dump.length, files };
  } finally {
    await db.close();
  }
}

/**
 * Restores a backup folder into DATA_DIR. An existing database is kept aside (renamed with the time)
 * only when `replace` is given; otherwise the restore refuses, so nothing is lost by a typo.
 */
export async function restoreEmbedded(
  dataDir: string,
  source: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<{ keptAside?: string }> {
  const dump = join(source, 'database.tar.gz');
  if (!existsSync(dump)) throw new Error(`${source} holds no database.tar.gz.`);
  const target = join(dataDir, 'pglite');
  let keptAside: string | undefined;
  const stamp = (options.now ?? new Date()).toISOString().replace(/[:.]/g, '-');
  if (existsSync(target) && readdirSync(target).length) {
    if (!options.replace)
      throw new Error(`${target} already holds a database; add --replace to keep it aside and restore.`);
    keptAside = `${target}.before-restore-${stamp}`;
    renameSync(target, keptAside);
  }
  const db = await openPglite(target, new Blob([readFileSync(dump)]));
  await db.query('SELECT 1');
  await db.close();
  const attachments = join(source, 'attachments');
  if (existsSync(attachments)) {
    const current = join(dataDir, 'attachments');
    if (existsSync(current)) renameSync(current, `${current}.before-restore-${stamp}`);
    cpSync(attachments, current, { recursive: true });
  }
  return keptAside ? { keptAside } : {};
}
