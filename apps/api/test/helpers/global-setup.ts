import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { openPglite } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';
import { seed } from '../../src/seed/index.ts';
import { cheapenSeededHashes } from './test-hashes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    pgTemplate: string;
    /** The clock the run's demo data was seeded at (ISO), for the seed tests to seed it again. */
    seedNow: string;
  }
}

/**
 * Seeds the demo data once per run: as a PGlite data-dir dump each test file loads, and as a
 * PostgreSQL template database each test file clones (CREATE DATABASE ... TEMPLATE). Its password and
 * PIN hashes are then rewritten at the test cost (test-hashes.ts, decision 137).
 */
export default async function setup(project: TestProject) {
  const now = new Date();
  project.provide('seedNow', now.toISOString());
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const cleanups: (() => Promise<void>)[] = [async () => rmSync(dir, { recursive: true, force: true })];

  if (process.env.PORTAL_TEST_DB === 'postgres' || project.config.env?.PORTAL_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const template = `portal_tpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    const { openPostgres } = await import('../../src/db/client.ts');
    const db = await openPostgres(withDatabase(url, template), 2);
    await migrate(db);
    await seed(db, { now });
    await cheapenSeededHashes((sql, params) => db.query(sql, params));
    await db.close();
    project.provide('pgTemplate', template);
    project.provide('pgliteDump', '');
    cleanups.push(async () => {
      // The copies the workers made ahead or left to drop behind them (test-app.ts), then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [`${template}_`],
      );
      for (const { datname } of rows)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    });
  } else {
    const db = await openPglite();
    await migrate(db);
    await seed(db, { now });
    await cheapenSeededHashes((sql, params) => db.query(sql, params));
    if (!db.pglite) throw new Error('expected an embedded database');
    const dump = join(dir, 'seeded.tar.gz');
    writeFileSync(dump, Buffer.from(await (await db.pglite.dumpDataDir('gzip')).arrayBuffer()));
    await db.close();
    project.provide('pgliteDump', dump);
    project.provide('pgTemplate', '');
  }
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}

export const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};
