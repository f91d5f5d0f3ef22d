import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import type { Db } from './client.ts';

// Beside this module in the sources (src/db/migrations) and in the compiled bundle (dist/migrations).
const dir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export const migrationFiles = (): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();

/**
 * Applies every migrations/*.sql not yet applied, in name order. Creating the bookkeeping table and
 * applying the files happen in one transaction under one advisory lock, so API processes starting
 * together on one empty PostgreSQL all come up: the first migrates, the others wait and find nothing to do.
 * A failing file rolls the whole run back, so the schema is never left between two versions.
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = migrationFiles();
  return db.tx(async (t) => {
    if (t.kind === 'postgres') await t.query('SELECT pg_advisory_xact_lock(724901)');
    await t.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await t.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      try {
        await t.exec(readFileSync(join(dir, file), 'utf8'));
      } catch (error) {
        throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      await t.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      ran.push(file);
    }
    return ran;
  });
}
