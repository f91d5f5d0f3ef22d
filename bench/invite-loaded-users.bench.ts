// Invite loaded users as a background job (issue 34, decision 131): how long the staff call takes to answer
// for BENCH_USERS loaded users (default 1,000), and at what rate the worker then mails them. The compiled
// server (apps/api/dist) on a fresh PostgreSQL database, its worker in-process (as `npm start`), sends real
// SMTP to a local sink (smtp-server), as in production.
// Run: npm run invite-loaded-users -w @portal/bench   (after npm run build)
// Port 4613 (server) and 2527 (SMTP sink); PostgreSQL database portal_bench_invite (made anew each run).

import pg from 'pg';

import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { load, startMailServer } from './lib/mail-server.ts';

const userCount = Number(process.env.BENCH_USERS ?? 1000);
const staffEmail = 'bench.staff@invite.example';
const staffPassword = 'Bench-Staff-Password-42';

async function main() {
  const server = await startMailServer('portal_bench_invite', 4613, 2527, { WORKERS: 'in-process' });
  try {
    // A level-3 staff member (a database without the demo seed has none).
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO users (email_nm, first_nm, last_nm, password_hash, uss_admin_level, email_verified_at)
       VALUES ($1, 'Bench', 'Staff', $2, 3, now())`,
      [staffEmail, await hashPassword(staffPassword)],
    );
    await db.end();
    const signIn = await fetch(`${server.url}/api/auth/get-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staffEmail, password: staffPassword }),
    });
    const staff = ((await signIn.json()) as { data: { token: string } }).data.token;

    await server.batch(
      'accounts',
      Array.from({ length: 10 }, (_, i) => ({ account_number: `IB-${i}`, name: `Invite ${i}`, company: 'InviteCo' })),
    );
    for (let from = 0; from < userCount; from += 100)
      await server.batch(
        'users',
        Array.from({ length: Math.min(100, userCount - from) }, (_, i) => ({
          email_nm: `loaded-${from + i}@invite.example`,
          first_nm: 'Bench',
          last_nm: `User ${from + i}`,
          accounts: [{ account_number: `IB-${(from + i) % 10}` }],
        })),
      );
    console.log(`${userCount} users loaded, ${server.received()} mails (load ${load()})`);

    const staffCall = (method: string, path: string) =>
      fetch(`${server.url}/api/integration/${path}`, {
        method,
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      }).then((r) => r.json() as Promise<{ code: string; data: unknown }>);

    const started = performance.now();
    const answer = await staffCall('POST', 'invite-loaded-users');
    const answerMs = performance.now() - started;
    const { invited } = answer.data as { invited: number };
    console.log(
      `invite-loaded-users answered ${answer.code} in ${answerMs.toFixed(0)} ms: ${invited} will be invited, ` +
        `${server.received()} mailed so far (load ${load()})`,
    );
    let pending = invited;
    while (pending > 0) {
      await new Promise((r) => setTimeout(r, 200));
      pending = ((await staffCall('GET', 'invite-loaded-users/latest')).data as { pending: number }).pending;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `worker mailed ${server.received()} of ${invited} in ${seconds.toFixed(1)} s from the press: ` +
        `${(invited / seconds).toFixed(1)} mails/s (load ${load()})`,
    );
    const again = await staffCall('POST', 'invite-loaded-users');
    console.log(`pressed again: ${JSON.stringify(again.data)}`);
  } finally {
    await server.stop();
  }
}

await main();
