import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TestProject } from 'vitest/node';

import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eSeededDataDir: string;
  }
}

/**
 * Starts the compiled server once on an empty embedded database, exactly as a first `npm start` does
 * (migrate, seed the demo data), stops it, and hands its data directory to every browser test file,
 * which starts its own server on a copy. Seeding once instead of once per file saves CI minutes, and a
 * broken first start still fails the run here.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-seeded-'));
  // Seeding an empty database is the slow start: give it longer than a copy gets.
  const server = await startServer({}, { dataDir, keepDataDir: true, startTimeoutMs: 400_000 });
  await server.stop();
  project.provide('e2eSeededDataDir', dataDir);
  return async () => {
    await rm(dataDir, { recursive: true, force: true });
  };
}
