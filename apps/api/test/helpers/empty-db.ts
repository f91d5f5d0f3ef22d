import { randomBytes } from 'node:crypto';

import pg from 'pg';

import { openPglite, openPostgres, type Db } from '../../src/db/client.ts';
import { withDatabase } from './global-setup.ts';

/**
 * Empty databases for tests that seed their own: in-memory PGlite, or in the 'api-pg' project a scratch
 * PostgreSQL database named `<prefix>_<random>`. `closeAll()` closes (and drops) every one opened.
 */
export function emptyDatabases(prefix: string) {
  const cleanups: Array<() => Promise<void>> = [];
  async function emptyDb(): Promise<Db> {
    const url = process.env.TEST_DATABASE_URL;
    if (process.env.PORTAL_TEST_DB !== 'postgres' || !url) {
      const db = await openPglite();
      cleanups.push(() => db.close());
      return db;
    }
    const name = `${prefix}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const db = await openPostgres(withDatabase(url, name), 2);
    cleanups.push(async () => {
      await db.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    return db;
  }
  async function closeAll() {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
  return { emptyDb, closeAll };
}
