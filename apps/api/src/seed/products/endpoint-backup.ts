import { defaultRetention, ingest, type PointIn } from '../../modules/metrics/index.ts';
import type { AccountPlan, OrderRecord, SeedContext } from '../context.ts';
import type { FeedInput } from '../feed.ts';
import { rng, type Random } from '../random.ts';
import { GB, timeline, walk } from '../series.ts';

/**
 * Endpoint backup for the demo companies (decision 097), sent as the provider's platforms would: each
 * agent client and image-backed machine through the product-objects collection (kinds endpoint_agent,
 * endpoint_image_machine) with its latest report, and its daily history plus the order's totals
 * through the usage-data write path (modules/metrics ingest), so the page reads nothing the seed wrote
 * around the services.
 *
 *   order      daily over the charted 13 months: agent_node_count, agent_bytes_protected (the clients'
 *              count and sum over the last OBJECT_DAYS, a gentle climb to them before), image_vm_count,
 *              image_total_bytes (the same for the machines)
 *   client     daily over the last OBJECT_DAYS: agent_client_bytes_protected, agent_client_backups,
 *              agent_client_failed_backups {object_key: client name}
 *   machine    daily over the last OBJECT_DAYS: image_machine_storage_bytes, image_machine_snapshots,
 *              image_machine_missed_snapshots {object_key: VM name}
 *
 * The agent section applies where the order bills agent licences, the image section where it bills
 * image-based machine backup (the demo customer has orders with both and one with agents only).
 * Every active endpoint backup order of a 'full' demo account gets them, and the first of a 'light'
 * one; generated companies keep the plain order totals of seed/metrics.ts. Own random streams
 * (eb:<base_order_id>), so no other generator's data moves.
 */

/** Days of history per client and machine (the page charts 30 days by default; 90+ are there). */
const OBJECT_DAYS = 120;
/** Image snapshots scheduled per machine and day (every 6 hours). */
const SNAPSHOTS_A_DAY = 4;
const CHUNK = 10_000;

const AGENT_OS = [
  'Windows 11 Pro 23H2',
  'Windows 11 Pro 23H2',
  'Windows 10 Enterprise 22H2',
  'macOS 14 Sonoma',
  'macOS 15 Sequoia',
  'Ubuntu 22.04 LTS',
  'Windows Server 2022',
];
const AGENT_VERSIONS = ['7.4.2', '7.5.0', '7.5.1', '7.5.1'];
const DEVICE = (os: string) => (os.startsWith('Windows Server') || os.startsWith('Ubuntu') ? 'SRV' : 'LT');
const IMAGE_ROLES = [
  'dc',
  'sql',
  'file',
  'app',
  'web',
  'rds',
  'exch',
  'erp',
  'build',
  'mon',
  'print',
  'hv',
  'vdi',
  'ftp',
];
const IMAGE_OS = ['Windows Server 2022', 'Windows Server 2019', 'Ubuntu 22.04 LTS', 'Red Hat Enterprise Linux 9.3'];

type Status = 'ok' | 'warning' | 'error';
type Points = Omit<PointIn, 'order_number'>[];

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
const qty = (order: OrderRecord, prefix: string) =>
  order.components.find((c) => c.description.startsWith(prefix) && c.quantity > 0)?.quantity ?? 0;

/** Totals over the whole timeline: the objects' daily sums over their days, a climb to the first sum before. */
function totals(r: Random, length: number, recent: readonly number[], integer: boolean): number[] {
  const first = recent[0] ?? 0;
  const before = length - recent.length;
  const earlier = Array.from({ length: before }, (_, i) => {
    const v = first * (0.65 + (0.35 * i) / Math.max(1, before)) * (1 + r.noise(0.01));
    return integer ? Math.max(1, Math.round(v)) : Math.round(v);
  });
  return [...earlier, ...recent];
}

interface Built {
  items: { kind: 'endpoint_agent' | 'endpoint_image_machine'; key: string; attributes: Record<string, unknown> }[];
  points: Points;
  /** Per day of the object window: how many objects and their bytes. */
  count: number[];
  bytes: number[];
}

/** Agent clients: laptops and servers joining over the window, a backup a day (weekends quieter). */
function agentClients(r: Random, plan: AccountPlan, days: readonly number[], n: number): Built {
  const built: Built = { items: [], points: [], count: days.map(() => 0), bytes: days.map(() => 0) };
  const used = new Set<string>();
  for (let i = 0; i < n; i++) {
    const os = r.pick(AGENT_OS);
    let name = `${plan.code}-${DEVICE(os)}-${String(r.int(1, 399)).padStart(3, '0')}`;
    while (used.has(name)) name = `${plan.code}-${DEVICE(os)}-${String(r.int(1, 399)).padStart(3, '0')}`;
    used.add(name);
    const joined = i < n - 2 ? 0 : r.int(10, days.length - 20); // the last two joined recently
    const size = walk(r, days.length - joined, r.between(15, 380) * GB, r.between(0.05, 0.4), 0.01);
    const failRate = r.between(0.01, 0.12);
    let backups = 0;
    let failed = 0;
    let last: { ts: number; status: Status } | null = null;
    days.slice(joined).forEach((day, j) => {
      const weekend = [0, 6].includes(new Date(day * 1000).getUTCDay());
      const laptopOff = DEVICE(os) === 'LT' && weekend && r.chance(0.6);
      const fail = !laptopOff && r.chance(failRate) ? 1 : 0;
      const done = laptopOff ? 0 : 1 - fail + (r.chance(0.08) ? 1 : 0);
      const key = { object_key: name };
      built.points.push(
        { metric: 'agent_client_bytes_protected', labels: key, ts: day, value: size[j] ?? 0 },
        { metric: 'agent_client_backups', labels: key, ts: day, value: done },
        { metric: 'agent_client_failed_backups', labels: key, ts: day, value: fail },
      );
      built.count[joined + j] = (built.count[joined + j] ?? 0) + 1;
      built.bytes[joined + j] = (built.bytes[joined + j] ?? 0) + (size[j] ?? 0);
      backups += done;
      failed += fail;
      // The day's run: in the evening for laptops, at night for servers.
      if (done + fail > 0)
        last = {
          ts: day - 86400 + (DEVICE(os) === 'LT' ? r.int(17, 21) : r.int(1, 4)) * 3600 + r.int(0, 59) * 60,
          status: fail ? 'error' : r.chance(0.06) ? 'warning' : 'ok',
        };
    });
    const latest = last as { ts: number; status: Status } | null;
    built.items.push({
      kind: 'endpoint_agent',
      key: name,
      attributes: {
        os,
        agent_version: r.pick(AGENT_VERSIONS),
        total_bytes_protected: size.at(-1) ?? 0,
        backup_count: backups,
        failed_backup_count: failed,
        last_backup: latest ? iso(latest.ts) : null,
        last_backup_status: latest?.status ?? null,
      },
    });
  }
  return built;
}

/** Image-backed machines: four snapshots a day, now and then one missed, local storage growing. */
function imageMachines(r: Random, plan: AccountPlan, days: readonly number[], n: number): Built {
  const built: Built = { items: [], points: [], count: days.map(() => 0), bytes: days.map(() => 0) };
  const roles = r.sample(IMAGE_ROLES, n);
  for (const role of roles) {
    const name = `${plan.code.toLowerCase()}-${role}${String(r.int(1, 12)).padStart(2, '0')}`;
    const size = walk(r, days.length, r.between(60, 900) * GB, r.between(0.1, 0.35), 0.008);
    const missRate = r.between(0.01, 0.06);
    let taken = 0;
    let missed = 0;
    let last: { ts: number; status: Status } | null = null;
    days.forEach((day, j) => {
      let miss = 0;
      for (let s = 0; s < SNAPSHOTS_A_DAY; s++) if (r.chance(missRate)) miss++;
      const done = SNAPSHOTS_A_DAY - miss;
      const key = { object_key: name };
      built.points.push(
        { metric: 'image_machine_storage_bytes', labels: key, ts: day, value: size[j] ?? 0 },
        { metric: 'image_machine_snapshots', labels: key, ts: day, value: done },
        { metric: 'image_machine_missed_snapshots', labels: key, ts: day, value: miss },
      );
      built.count[j] = (built.count[j] ?? 0) + 1;
      built.bytes[j] = (built.bytes[j] ?? 0) + (size[j] ?? 0);
      taken += done;
      missed += miss;
      // The day's last snapshot (18:00 UTC of the day before the point), or an error when all were missed.
      last = { ts: day - 6 * 3600 + r.int(0, 20) * 60, status: done === 0 ? 'error' : miss > 0 ? 'warning' : 'ok' };
    });
    const latest = last as { ts: number; status: Status } | null;
    built.items.push({
      kind: 'endpoint_image_machine',
      key: name,
      attributes: {
        os: r.pick(IMAGE_OS),
        total_local_storage_bytes: size.at(-1) ?? 0,
        total_snapshots: taken,
        missed_snapshots: missed,
        last_snapshot: latest ? iso(latest.ts) : null,
        last_snapshot_status: latest?.status ?? null,
      },
    });
  }
  return built;
}

/** The endpoint backup orders of a demo account get their clients, machines and series (see the header). */
export async function addEndpointBackup(
  ctx: SeedContext,
  plan: AccountPlan,
  orders: readonly OrderRecord[],
): Promise<void> {
  if (!plan.demo) return;
  const active = orders.filter((o) => o.controller === 'eb' && o.status === 'A');
  const charted = plan.metrics === 'full' ? active : active.slice(0, 1);
  const daily = timeline(ctx.now, 'day');
  const points: PointIn[] = [];
  for (const order of charted) {
    const times = daily.filter((t) => t * 1000 >= order.billedFrom.getTime());
    if (times.length < 2) continue;
    const r = rng(`eb:${order.base_order_id}`);
    const days = times.slice(-OBJECT_DAYS);
    const full = plan.metrics === 'full';
    const parts: Built[] = [];
    const licences = qty(order, 'Agent-based endpoint licences');
    if (licences > 0) {
      const agents = agentClients(r, plan, days, Math.min(licences, full ? r.int(13, 24) : r.int(4, 7)));
      parts.push(agents);
      const count = totals(r, times.length, agents.count, true);
      const bytes = totals(r, times.length, agents.bytes, false);
      times.forEach((ts, i) => {
        points.push(
          { order_number: order.order_number, metric: 'agent_node_count', labels: {}, ts, value: count[i] ?? 0 },
          { order_number: order.order_number, metric: 'agent_bytes_protected', labels: {}, ts, value: bytes[i] ?? 0 },
        );
      });
    }
    const vms = qty(order, 'Image-based machine backup');
    if (vms > 0) {
      const images = imageMachines(r, plan, days, Math.min(vms, full ? r.int(11, 14) : r.int(3, 5)));
      parts.push(images);
      const count = totals(r, times.length, images.count, true);
      const bytes = totals(r, times.length, images.bytes, false);
      times.forEach((ts, i) => {
        points.push(
          { order_number: order.order_number, metric: 'image_vm_count', labels: {}, ts, value: count[i] ?? 0 },
          { order_number: order.order_number, metric: 'image_total_bytes', labels: {}, ts, value: bytes[i] ?? 0 },
        );
      });
    }
    for (const part of parts) {
      for (const item of part.items)
        await ctx.feed.send(
          'product-objects',
          {
            order_number: order.order_number,
            kind: item.kind,
            object_key: item.key,
            attributes: item.attributes,
          } as FeedInput<'product-objects'>,
          ctx.now.getTime(),
        );
      points.push(...part.points.map((p) => ({ ...p, order_number: order.order_number })));
    }
  }
  const context = { db: ctx.db, retention: defaultRetention, nowSeconds: ctx.now.getTime() / 1000 };
  for (let from = 0; from < points.length; from += CHUNK) {
    const { rejected } = await ingest(context, points.slice(from, from + CHUNK));
    if (rejected.length) throw new Error(`seed: endpoint backup points rejected: ${JSON.stringify(rejected[0])}`);
  }
}
