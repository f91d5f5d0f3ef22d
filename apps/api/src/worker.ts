import { openDatabase } from './bootstrap.ts';
import { loadEnv } from './config/env.ts';
import { migrate } from './db/migrate.ts';
import { systemClock } from './lib/clock.ts';
import { createOutbound } from './lib/outbound.ts';
import { startWorkers } from './workers.ts';

/**
 * `npm run worker`: the long-running jobs (the SNMP poller, autopay, the mails of Invite loaded users) in a process of their own, beside API
 * processes started with WORKERS=off. Any number of them share the work through leases in PostgreSQL.
 * Stops cleanly on SIGTERM or SIGINT: no new polls, the running ones finish, leases are given back.
 */
let env;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!env.DATABASE_URL) {
  // The embedded database belongs to the one process that opened it: there, WORKERS=in-process.
  console.error('DATABASE_URL: required by npm run worker (with the embedded database, the API runs the workers)');
  process.exit(1);
}

const db = await openDatabase(env);
const ran = await migrate(db);
if (ran.length) console.log(`applied migrations: ${ran.join(', ')}`);
const outbound = createOutbound(env.OUTBOUND_ALLOW);
const workers = startWorkers({ db, env, clock: systemClock, outbound }, (line) => console.warn(line));
console.log(
  `worker ${process.pid}: polling SNMP devices (${env.SNMP_CONCURRENCY} at once), autopay, inviting loaded users`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`worker ${process.pid}: ${signal}, stopping`);
    const timer = setTimeout(() => process.exit(1), env.SNMP_TIMEOUT_SECONDS * 1000 + 10_000);
    timer.unref();
    workers.stop().then(
      () => db.close().then(() => process.exit(0)),
      () => process.exit(1),
    );
  });
}
