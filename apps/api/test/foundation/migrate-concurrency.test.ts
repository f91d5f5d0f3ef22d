import { randomBytes } from 'node:crypto';

import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { openPostgres } from '../../src/db/client.ts';
import { migrate, migrationFiles } from '../../src/db/migrate.ts';

// Two API processes starting together on one empty PostgreSQL (the api-pg project, which CI runs).
describe.runIf(process.env.PORTAL_TEST_DB === 'postgres')('migrations on an empty PostgreSQL', () => {
  it('two processes starting at once both come up and apply each migration once', async () => {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `portal_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const first = await openPostgres(target.toString(), 2);
    const second = await openPostgres(target.toString(), 2);
    try {
      const [a, b] = await Promise.all([migrate(first), migrate(second)]);
      const files = migrationFiles();
      // One of them applied everything, the other found nothing left to do.
      expect([a.length, b.length].sort((x, y) => x - y)).toEqual([0, files.length]);
      const rows = await first.query<{ name: string; n: number }>(
        'SELECT name, count(*)::int AS n FROM schema_migrations GROUP BY name ORDER BY name',
      );
      expect(rows.map((r) => r.name)).toEqual(files);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      expect(await migrate(second)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
