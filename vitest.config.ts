import { defineConfig } from 'vitest/config';

const apiTests = 'apps/api/test/**/*.test.ts';

/**
 * The API test files whose behaviour depends on the embedded database itself rather than on the SQL
 * (decisions 047 and 119): the process's first start, backups and migrations of its data directory, health
 * while it is down, the seed, ticket attachments (on disk beside it; PostgreSQL keeps them in the
 * database), the driver's decimal and date types (invoices, their documents, the billing feed, imports,
 * time series), the one-lane batches, the in-process live-update hub and the upkeep without a lock. When
 * PostgreSQL is at hand (CI sets TEST_DATABASE_URL) every API file runs there and only these run on PGlite
 * too: PGlite is the same PostgreSQL compiled to WebAssembly, about four times slower per query. Without
 * PostgreSQL (a fresh machine's `npm test`) every file runs on PGlite.
 */
const embeddedSpecific = [
  'apps/api/test/foundation/backup.test.ts',
  'apps/api/test/foundation/health.test.ts',
  'apps/api/test/foundation/migrate-concurrency.test.ts',
  'apps/api/test/foundation/production-start.test.ts',
  'apps/api/test/seed.test.ts',
  'apps/api/test/tickets/**/*.test.ts',
  'apps/api/test/invoices/**/*.test.ts',
  'apps/api/test/integration/import.test.ts',
  'apps/api/test/integration/billing-feed.test.ts',
  'apps/api/test/metrics/json.test.ts',
  'apps/api/test/metrics/live.test.ts',
  'apps/api/test/metrics/upkeep.test.ts',
];

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const apiProject = (name: string, database: 'pglite' | 'postgres', include: string[]) => ({
  test: {
    name,
    include,
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['apps/api/test/helpers/global-setup.ts'],
    env: { PORTAL_TEST_DB: database },
    // The files of a worker share its loaded modules (the app, Fastify, the drivers) instead of each
    // importing them again in a fresh process: that import was about a third of an API file's time.
    // Every file builds its own app on its own database and closes it, and none mocks a module.
    isolate: false,
    // A PostgreSQL test mostly waits on the database server, so two files at once use both cores, in a
    // group with the unit files. PGlite files stay one at a time, in a group of their own after it (Vitest
    // runs projects of one groupOrder together, and their worker counts must match): each runs its
    // database in the worker, and two at once on a loaded machine ran the seed test's second seeding
    // past its 120 s (decisions 104 and 106).
    ...(database === 'postgres' ? { maxWorkers: 2 } : { maxWorkers: 1, sequence: { groupOrder: 1 } }),
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'apps/web/src/**/*.test.{ts,tsx}',
            'packages/contract/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
          ],
          environment: 'happy-dom',
          // A global a test stands in for (fetch, confirm) is given back after each test.
          unstubGlobals: true,
          // Vitest's default is one file at a time on two cores (cores - 1); decision 106.
          maxWorkers: 2,
        },
      },
      apiProject('api', 'pglite', withPostgres ? embeddedSpecific : [apiTests]),
      ...(withPostgres ? [apiProject('api-pg', 'postgres', [apiTests])] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          // A test's whole budget, against a hang: the longest (every product page on desktop and phone,
          // every page through axe) walk dozens of pages, and each step still waits at most 20 s.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // Two files at once (decision 106), beside the unit and API files (decision 119): a browser file
          // mostly waits (the spec's 3 s redirects, Prometheus scrapes, SNMP polls), and every file is on
          // its own: its own server on its own database (a clone of the seeded PostgreSQL template when CI
          // provides PostgreSQL, else a copy of the seeded embedded data directory, see
          // e2e/helpers/server.ts), on a port below the ephemeral range, with its own Chromium and
          // temporary folders; the fixed ports (Prometheus, node exporter, snmpd) each belong to one file.
          maxWorkers: 2,
          globalSetup: ['e2e/helpers/global-setup.ts'],
        },
      },
    ],
  },
});
