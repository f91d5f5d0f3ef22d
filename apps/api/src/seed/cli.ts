/**
 * npm run seed -- [--scale N] [--reset] [--now ISO-date] [--path feed|bulk]
 *
 * Opens the database exactly as the app does (DATABASE_URL, else the embedded PGlite under DATA_DIR),
 * migrates it, and fills it with the demo data. A database that already holds data is left alone
 * unless --reset is given, which empties every table first.
 */
import { parseArgs } from 'node:util';

import { openDatabase } from '../bootstrap.ts';
import { loadEnv } from '../config/env.ts';
import { migrate } from '../db/migrate.ts';
import { DEMO_PASSWORD, demoEmails } from './demo.ts';
import { isEmpty, seed } from './index.ts';
import { resetDatabase } from './seed.repository.ts';
import type { SeedSummary } from './index.ts';

const USAGE = 'usage: npm run seed -- [--scale N] [--reset] [--now 2026-11-21T12:00:00Z] [--path feed|bulk]';

function printSummary(summary: SeedSummary): void {
  const rows = Object.entries(summary.counts).filter(([, n]) => n > 0);
  const width = Math.max(...rows.map(([t]) => t.length));
  console.log(
    `\nSeeded ${summary.companies} companies, ${summary.accounts} accounts (scale ${summary.scale}, now ${summary.now}):`,
  );
  for (const [table, n] of rows) console.log(`  ${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(12)}`);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  console.log(`  ${'total rows'.padEnd(width)}  ${total.toLocaleString('en-US').padStart(12)}`);
  const fed = Object.entries(summary.fed);
  const items = fed.reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `${summary.fastPath ? 'fed (generated companies through the bulk fast path)' : 'fed through the integration upserts'}: ${items.toLocaleString('en-US')} items (${fed.map(([c, n]) => `${c} ${n.toLocaleString('en-US')}`).join(', ')})`,
  );
  console.log(
    `in ${(summary.ms / 1000).toFixed(1)} s (${Math.round(total / (summary.ms / 1000)).toLocaleString('en-US')} rows/s)`,
  );
  console.log(`\nDemo sign-ins (password ${DEMO_PASSWORD}): ${Object.values(demoEmails).join(', ')}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: '1' },
      reset: { type: 'boolean', default: false },
      now: { type: 'string' },
      // The generated companies through the upsert services (feed) or the bulk fast path (bulk);
      // default: bulk from scale 1000 on.
      path: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const scale = Number(values.scale);
  const now = values.now ? new Date(values.now) : new Date();
  const path = values.path;
  if (
    !Number.isFinite(scale) ||
    scale < 0 ||
    Number.isNaN(now.getTime()) ||
    (path && !['feed', 'bulk'].includes(path))
  ) {
    console.error(USAGE);
    return 2;
  }

  const env = loadEnv();
  if (env.NODE_ENV === 'production') {
    console.error('The demo data is never seeded in production (NODE_ENV=production).');
    return 1;
  }
  const db = await openDatabase(env);
  try {
    const ran = await migrate(db);
    if (ran.length > 0) console.log(`applied migrations: ${ran.join(', ')}`);
    if (values.reset) {
      await resetDatabase(db);
      console.log('emptied every table');
    } else if (!(await isEmpty(db))) {
      console.error('The database already holds data; run with --reset to empty it and seed again.');
      return 1;
    }
    let shown = 0;
    const summary = await seed(db, {
      scale,
      now,
      ...(path ? { fastPath: path === 'bulk' } : {}),
      onProgress: (done, planned) => {
        // About every 10% on big runs; quiet on the demo.
        if (planned >= 500 && done - shown >= planned / 10) {
          shown = done;
          console.log(`  ${done.toLocaleString('en-US')} / ~${planned.toLocaleString('en-US')} accounts`);
        }
      },
    });
    printSummary(summary);
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
