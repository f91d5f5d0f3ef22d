// Loading users through the integration API (issue 34, decision 124): users per second when every new user
// is mailed the set-password invitation (send_invitation: true, what every users batch did before) and when
// they are loaded only (the default now; staff invite them later). The compiled server (apps/api/dist) on
// a fresh PostgreSQL database sends real SMTP to a local sink (smtp-server), as in production.
// Run: npm run users -w @portal/bench   (BENCH_USERS=500 per pass, batches of 100)
// Port 4612 (server) and 2526 (SMTP sink); PostgreSQL database portal_bench_users (made anew each run).

import { load, startMailServer } from './lib/mail-server.ts';

const userCount = Number(process.env.BENCH_USERS ?? 500);
const batchSize = 100;

async function main() {
  const server = await startMailServer('portal_bench_users', 4612, 2526);
  try {
    await server.batch(
      'accounts',
      Array.from({ length: 10 }, (_, i) => ({ account_number: `UB-${i}`, name: `Users ${i}`, company: 'UsersCo' })),
    );

    const pass = async (label: string, invite: boolean) => {
      const before = server.received();
      const started = performance.now();
      for (let from = 0; from < userCount; from += batchSize) {
        await server.batch(
          'users',
          Array.from({ length: Math.min(batchSize, userCount - from) }, (_, i) => ({
            email_nm: `${label}-${from + i}@users.example`,
            first_nm: 'Bench',
            last_nm: `User ${from + i}`,
            accounts: [{ account_number: `UB-${(from + i) % 10}` }],
            ...(invite ? { send_invitation: true } : {}),
          })),
        );
      }
      const seconds = (performance.now() - started) / 1000;
      const mails = server.received() - before;
      console.log(
        `${label.padEnd(9)} ${userCount} users in ${seconds.toFixed(1)} s: ${(userCount / seconds).toFixed(1)} users/s, ${mails} mails (load ${load()})`,
      );
    };
    await pass('invited', true);
    await pass('loaded', false);
  } finally {
    await server.stop();
  }
}

await main();
