import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { openPostgres } from '../../src/db/client.ts';
import { tcpProxy } from './tcp-proxy.ts';
import { testEnv, type TestApp } from './test-app.ts';

/**
 * A second API app on `t`'s PostgreSQL database and clock (the 'api-pg' project), reaching the database
 * through a TCP proxy the test can stop and start again (`proxy.start(port)`) to play an outage.
 */
export async function appBehindProxy(t: TestApp, poolSize: number) {
  const target = new URL(process.env.TEST_DATABASE_URL as string);
  const proxy = tcpProxy(target.hostname, Number(target.port || 5432));
  const port = await proxy.start(0);
  const database = (await t.db.one<{ name: string }>('SELECT current_database() AS name'))?.name;
  const url = new URL(target);
  url.port = String(port);
  url.pathname = `/${database}`;
  const db = await openPostgres(url.toString(), poolSize);
  const app = await buildApp(await createDeps(testEnv(), { db, clock: t.clock }), { logger: false });
  return { proxy, port, db, app };
}
