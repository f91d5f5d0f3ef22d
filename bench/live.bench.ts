// Live updates (issue 13): how many Server-Sent Events clients one API process holds, at what memory and
// CPU, and the delay from sending an ingest call to the event at the clients.
//  - Two compiled API processes on one PostgreSQL database (A on BENCH_LIVE_PORT, B on the next port).
//  - For each client count (BENCH_LIVE_CLIENTS, default 1000,5000): that many streams on process B, all
//    watching the demo customer's network order (the worst case: every point goes to every client);
//    B's resident memory before and after, its CPU while idle (heartbeats only), then one counter
//    reading a second through process A's ingestion call (JSON), each reaching B through
//    LISTEN/NOTIFY: delay from sending the ingest request to each client's event, p50 / p99 / max, and
//    B's CPU. The clients are read by this one Node process: at 5,000 they are much of the delay.
//  - The same with 100 clients on process A itself (in-process delivery, no NOTIFY round trip).
// Run: npm run live -w @portal/bench   (database BENCH_LIVE_DB, default helper_live, seeded once at
// scale 1 and kept; BENCH_PG_URL names the server)
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

import { createParser } from 'eventsource-parser';

import { rssKb, seededDatabase, signIn, startServer } from './lib/harness.ts';

const counts = (process.env.BENCH_LIVE_CLIENTS ?? '1000,5000').split(',').map(Number);
const portA = Number(process.env.BENCH_LIVE_PORT ?? 4460);
const pushes = Number(process.env.BENCH_LIVE_PUSHES ?? 20);
const dbName = process.env.BENCH_LIVE_DB ?? 'helper_live';
const interfaceKey = '4477';

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

/** CPU seconds (user + system) a process has used (Linux /proc, clock ticks of 1/100 s). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : NaN;

interface Client {
  close(): void;
}

/** Opens a stream; `onPoint` gets each point's ts with the time it arrived. */
async function openClient(origin: string, baseOrderId: number, token: string, onPoint: (ts: number) => void) {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/live/orders/${baseOrderId}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const parser = createParser({
    onEvent(event) {
      if (event.event === 'point') onPoint((JSON.parse(event.data) as { ts: number }).ts);
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // closed
    }
  })();
  return { close: () => controller.abort() } satisfies Client;
}

async function main() {
  const databaseUrl = await seededDatabase(1, dbName);
  const a = await startServer(databaseUrl, portA);
  const b = await startServer(databaseUrl, portA + 1);
  try {
    const staff = await signIn(a.url, 'staff3@demo.test');
    const created = await fetch(`${a.url}/api/integration/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `live bench ${Date.now()}`, scopes: ['metrics'] }),
    });
    const metricsToken = ((await created.json()) as { data: { token: string } }).data.token;
    const customer = await signIn(a.url, 'customer@demo.test');
    const orders = await fetch(`${a.url}/api/orders/get-orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ search_product_cd: 'di', perPage: 100 }),
    });
    const listed = (await orders.json()) as { data: { data: { base_order_id: number; order_number: string }[] } };
    const order = listed.data.data[0] as { base_order_id: number; order_number: string };
    if (!order) throw new Error('no network order for the demo customer');

    let clock = Math.floor(Date.now() / 1000) - 3600;
    let counter = 0;
    /** One counter reading a second later than the last (a rate from the second on); answers its ts. */
    const push = async () => {
      clock += 1;
      counter += 125_000;
      const res = await fetch(`${a.url}/api/integration/v1/metrics`, {
        method: 'POST',
        headers: { authorization: `Bearer ${metricsToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          points: [
            {
              order_number: order.order_number,
              metric: 'if_in_octets',
              labels: { object_key: interfaceKey },
              ts: clock,
              value: counter,
            },
          ],
        }),
      });
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}`);
      await res.arrayBuffer();
      return clock;
    };
    await push(); // the counter's first reading: no rate, no event

    async function round(label: string, origin: string, pid: number, n: number) {
      const arrivals = new Map<number, number[]>();
      const onPoint = (ts: number) => {
        const list = arrivals.get(ts) ?? [];
        list.push(performance.now());
        arrivals.set(ts, list);
      };
      const rssBefore = rssKb(pid);
      const openStarted = performance.now();
      const clients: Client[] = [];
      for (let i = 0; i < n; i += 200)
        clients.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(200, n - i) }, () =>
              openClient(origin, order.base_order_id, customer, onPoint),
            ),
          )),
        );
      const openSeconds = (performance.now() - openStarted) / 1000;
      await new Promise((r) => setTimeout(r, 2000));
      const rssAfter = rssKb(pid);
      const idleCpu0 = cpuSeconds(pid);
      const idleSeconds = 16; // at least one heartbeat to every client
      await new Promise((r) => setTimeout(r, idleSeconds * 1000));
      const idleCpu = (cpuSeconds(pid) - idleCpu0) / idleSeconds;

      const sent = new Map<number, number>();
      const busyCpu0 = cpuSeconds(pid);
      const busyStarted = performance.now();
      for (let i = 0; i < pushes; i++) {
        // From the moment the ingest request is sent: its write, commit, NOTIFY and delivery.
        const sentAt = performance.now();
        const ts = await push();
        sent.set(ts, sentAt);
        await new Promise((r) => setTimeout(r, 1000));
      }
      await new Promise((r) => setTimeout(r, 3000));
      const busyCpu = (cpuSeconds(pid) - busyCpu0) / ((performance.now() - busyStarted) / 1000);
      const delays: number[] = [];
      let missing = 0;
      for (const [ts, at] of sent) {
        const got = arrivals.get(ts) ?? [];
        missing += n - got.length;
        for (const t of got) delays.push(t - at);
      }
      delays.sort((x, y) => x - y);
      for (const c of clients) c.close();
      await new Promise((r) => setTimeout(r, 1500));
      return {
        case: label,
        clients: n,
        openSeconds: Number(openSeconds.toFixed(1)),
        rssBeforeMB: Number((rssBefore / 1024).toFixed(1)),
        rssWithClientsMB: Number((rssAfter / 1024).toFixed(1)),
        kBPerClient: Number(((rssAfter - rssBefore) / n).toFixed(1)),
        idleCpuPct: Number((idleCpu * 100).toFixed(1)),
        busyCpuPct: Number((busyCpu * 100).toFixed(1)),
        events: delays.length,
        missing,
        p50ms: Number(percentile(delays, 50).toFixed(1)),
        p99ms: Number(percentile(delays, 99).toFixed(1)),
        maxMs: Number((delays.at(-1) ?? NaN).toFixed(1)),
        load: load(),
      };
    }

    const figures = [];
    figures.push(await round('in process (A)', a.url, a.pid as number, 100));
    console.table(figures);
    for (const n of counts) {
      figures.push(await round('other process (B, NOTIFY)', b.url, b.pid as number, n));
      console.table(figures);
    }
    console.log(
      `\nLive updates: ${pushes} points at one a second through process A's JSON ingestion; clients of one network order.`,
    );
    console.table(figures);
  } finally {
    await a.stop();
    await b.stop();
  }
}

await main();
