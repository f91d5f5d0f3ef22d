import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { withDatabase } from '../helpers/global-setup.ts';

const root = resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(join(tmpdir(), 'portal-import-cli-'));

/**
 * The command's own database, empty (it migrates it): the embedded one in a folder of its own, or in
 * the PostgreSQL pass a new database on the test server.
 */
let database: Record<string, string> = { DATA_DIR: join(dir, 'data') };
let drop = async () => {};
beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.PORTAL_TEST_DB !== 'postgres' || !url) return;
  const name = `portal_cli_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  database = { ...database, DATABASE_URL: withDatabase(url, name) };
  drop = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
});
afterAll(() => drop());

/** A command as a provider runs it (its source through tsx: the API tests run before the build). */
function command(source: string, args: string[]) {
  const { DATABASE_URL: _, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--import', 'tsx', source, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database },
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}
const importCommand = (args: string[]) => command('apps/api/src/modules/integration/import-cli.ts', args);

describe('npm run integration-token', () => {
  it('prints only the secret of a new token; a bad scope prints the usage and exits 2', async () => {
    const run = command('apps/api/src/modules/integration/token-cli.ts', [
      '--name',
      'feed',
      '--scope',
      'billing,events',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pit_[A-Za-z0-9_-]{43}\n$/);
    const bad = command('apps/api/src/modules/integration/token-cli.ts', ['--name', 'feed', '--scope', 'everything']);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain('scopes: accounts, orders, billing');
  }, 120_000);
});

describe('npm run import', () => {
  it('reports the bad row with its line, field and message, the counts, progress on stderr, and exits 1', () => {
    const file = join(dir, 'products.csv');
    const rows = Array.from({ length: 1200 }, (_, i) => `CLI${i},Product ${i},P${i},Network,network,true`);
    // Line 1 is the header, so the row without a product name is on line 501.
    rows[499] = 'CLI-BAD,,Bad,Network,network,true';
    writeFileSync(
      file,
      ['product_cd,product,short_product_name,product_group,product_controller,active', ...rows].join('\n'),
    );

    const run = importCommand(['--collection', 'products', '--file', file]);
    expect(run.stdout).toContain('line 501: CLI-BAD: product: This value is required.\n');
    expect(run.stdout).toMatch(/1200 rows in \d+\.\d s: 1199 created, 0 updated, 0 unchanged, 1 invalid\n$/);
    expect(run.stderr).toMatch(/100% 1,000 rows, [\d,]+ rows\/s/);
    expect(run.code).toBe(1);

    const again = importCommand(['--collection', 'products', '--file', file, '--dry-run']);
    expect(again.stdout).toMatch(
      /dry run \(nothing written\): 1200 rows in .*: 0 created, 0 updated, 1199 unchanged, 1 invalid/,
    );

    const usage = importCommand(['--collection', 'nope', '--file', file]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('collections: accounts, users, products');
  }, 180_000);
});
