import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { openPglite } from '../../apps/api/src/db/client.ts';
import { cheapenSeededHashes } from '../../apps/api/test/helpers/test-hashes.ts';

import { adminQuery, startServer, withDatabase } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeededDataDir: string;
    e2ePgTemplate: string;
    e2ePgDataDir: string;
  }
}

/**
 * Starts the compiled server once on an empty embedded database, exactly as a first `npm start` does
 * (migrate, seed the demo data), stops it, and hands its data directory to the browser test files that
 * run on the embedded database, each of which starts its own server on a copy. Seeding once instead of
 * once per file saves CI minutes, and a broken first start still fails the run here.
 *
 * With PostgreSQL at hand (CI sets TEST_DATABASE_URL), it also starts the server once on an empty
 * PostgreSQL database, at the same time, and keeps that database as the template every other file's
 * database is cloned from (CREATE DATABASE ... TEMPLATE), as the API tests do (decision 106).
 *
 * Both copies' demo password and PIN hashes are then rewritten at the test cost (decision 137), as the
 * API tests' are: every browser sign-in verifies one.
 */
export default async function setup(project: TestProject) {
  const cleanups: (() => Promise<void>)[] = [];
  const firstStart = async (extraEnv: Record<string, string>, prefix: string) => {
    const dataDir = await mkdtemp(join(tmpdir(), prefix));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    // Seeding an empty database is the slow start: give it longer than a copy gets.
    const server = await startServer(extraEnv, { dataDir, keepDataDir: true, startTimeoutMs: 400_000 });
    await server.stop();
    if (extraEnv.DATABASE_URL) {
      const client = new pg.Client({ connectionString: extraEnv.DATABASE_URL });
      await client.connect();
      await cheapenSeededHashes((sql, params) => client.query(sql, params)).finally(() => client.end());
    } else {
      const db = await openPglite(join(dataDir, 'pglite'));
      await cheapenSeededHashes((sql, params) => db.query(sql, params)).finally(() => db.close());
    }
    return dataDir;
  };

  const url = process.env.TEST_DATABASE_URL;
  const template = url ? `portal_e2e_tpl_${randomBytes(4).toString('hex')}` : '';
  if (url) {
    await adminQuery(`CREATE DATABASE ${template}`);
    cleanups.push(async () => {
      // The files' copies (named after the template) that are still there, then the template.
      const admin = new pg.Client({ connectionString: url });
      admin.on('error', () => {});
      await admin.connect();
      try {
        const { rows } = await admin.query<{ datname: string }>(
          'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
          [`${template}_`],
        );
        for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
        await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    });
  }
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const [embedded, pgDataDir] = await Promise.all([
      firstStart({}, 'portal-e2e-seeded-'),
      url ? firstStart({ DATABASE_URL: withDatabase(url, template) }, 'portal-e2e-pg-seeded-') : '',
    ]);
    project.provide('e2eSeededDataDir', embedded);
    project.provide('e2ePgTemplate', template);
    project.provide('e2ePgDataDir', pgDataDir);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
