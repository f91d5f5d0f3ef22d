import { defineConfig } from 'vitest/config';

// One runner for every suite. The 'api' project runs the HTTP tests on PGlite; 'api-pg' runs the
// same files on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/api/test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['apps/api/test/helpers/global-setup.ts'],
    env: { PORTAL_TEST_DB: database },
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
        },
      },
      apiProject('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
