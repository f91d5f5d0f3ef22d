// The ceiling for the load benchmark: bare node:http and the pg driver, nothing else. For each call it
// checks the bearer token's HMAC-SHA256 signature on signed-in calls (the least any server must do),
// runs the very statements the API ran for that request (recorded by sql-plan.ts, Promise.all where the
// API ran them in parallel), and writes the rows in the envelope. Run as its own process:
//   node --import tsx bench/lib/ceiling-server.ts   with PORT, DATABASE_URL, JWT_SECRET, PLANS (a JSON file)
// A request names its plan by index in the X-Plan header (one path may have several plans: the services
// list with and without a filter); GET /ready answers once it listens.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

import pg from 'pg';

import type { Plan, Statement } from './sql-plan.ts';

const env = process.env;
const plans = JSON.parse(readFileSync(env.PLANS as string, 'utf8')) as Plan[];
const secret = env.JWT_SECRET as string;

// The same pool size and type parsers as the API's database handle (apps/api/src/db/client.ts).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);
const pool = new pg.Pool({
  connectionString: env.DATABASE_URL,
  max: Number(env.POOL_MAX ?? 10),
  options: '-c TimeZone=UTC',
});

/** Statements grouped into steps: a step's statements run together, steps one after another. */
const steps = (statements: Statement[]) => {
  const out: Statement[][] = [];
  for (const s of statements) {
    const last = out.at(-1);
    if (s.parallel && last) last.push(s);
    else out.push([s]);
  }
  return out;
};
const stepsOf = new Map(plans.map((p) => [p, steps(p.statements)]));

function validToken(header: string | undefined) {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const readBody = (req: IncomingMessage) =>
  new Promise<unknown>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      try {
        resolve(text ? JSON.parse(text) : {});
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', reject);
  });

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

createServer(async (req, res) => {
  try {
    if (req.url === '/ready') return send(res, 200, { data: null, code: 'SUCCESS', message: '' });
    const plan = plans[Number(req.headers['x-plan'])];
    await readBody(req);
    if (!plan || plan.method !== req.method || plan.path !== req.url)
      return send(res, 404, { data: null, code: 'NOT_FOUND', message: 'There is no such call.' });
    if (plan.signedIn && !validToken(req.headers.authorization))
      return send(res, 401, { data: null, code: 'INVALID_TOKEN', message: 'You must sign in to do that.' });
    const results: unknown[][] = [];
    for (const step of stepsOf.get(plan) as Statement[][]) {
      const done = await Promise.all(step.map((s) => pool.query(s.sql, s.params)));
      for (const r of done) results.push(r.rows);
    }
    // A signed-in call's first statement is the caller's row (the API's authentication); the rest are
    // the call's data: one result set as it is, several as a list.
    const own = plan.signedIn ? results.slice(1) : results;
    const data = own.length === 1 ? own[0] : own;
    send(res, plan.status, { data, code: 'SUCCESS', message: '' });
  } catch {
    send(res, 500, { data: null, code: 'SERVER_ERROR', message: 'Something went wrong.' });
  }
}).listen(Number(env.PORT), '127.0.0.1', () => console.log(`ceiling listening on ${env.PORT}`));

// Exit normally on a signal, so `node --cpu-prof` writes its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
