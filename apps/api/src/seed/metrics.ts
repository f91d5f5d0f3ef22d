import { createHash } from 'node:crypto';

import { defaultRetention, ingest, orderNumbers, type PointIn } from '../modules/metrics/index.ts';
import type { Db } from '../db/client.ts';
import type { AccountPlan, ComponentRecord, OrderRecord, SeedContext } from './context.ts';
import { rng } from './random.ts';
import type { Random } from './random.ts';
import { zoneNames, zoneSeries } from './products/dd.ts';
import { DAILY_POINTS, GB, HOURLY_POINTS, bursts, loadFactor, steps, timeline, walk } from './series.ts';

/**
 * Time series behind the product pages' charts, sent through the usage-data write path
 * (modules/metrics ingest, the one every feed uses) like a provider's monitoring would. Below, a
 * series is named '<name>' for the order as a whole or '<name>:<sub-key>' for one object of it; it is
 * sent as metric <name> with the label object_key = <sub-key> (usage: component_key), except the
 * interface series, which go out as the IF-MIB counters the network page reads: in_bits:<if> as the
 * raw counter if_in_octets {object_key: <if>} (octets, from the hourly bits per second), and
 * in/out packets, errors and discards as if_in_packets... (see docs/metrics-catalogue.md).
 * Daily points sit at 00:00 UTC over the last 13 months (396 points); hourly points cover the last
 * 30 days (720 points).
 *
 *   bs             daily   production_storage_bytes, local_storage_bytes; each order also gets a few
 *                          bs_managed_backups rows and one bs_backup_runs row a day (ok or error)
 *   ch             daily   backup_mgmt_objects, backup_storage_bytes, replication_storage_bytes
 *   cv             daily   vm_count, used_bytes
 *   dd             daily   per zone (sub-key = zone name, e.g. 'acme.example'; demo companies only, their
 *                          zones fed as product objects by products/dd.ts): requests_total:<zone>,
 *                          requests_cached:<zone>, requests_encrypted:<zone>, bandwidth_total:<zone> (bytes),
 *                          bandwidth_cached:<zone>, threats_stopped:<zone>, unique_visitors:<zone>
 *   ds             daily   vms_count, vpgs_count, provisioned_storage_bytes, journal_used_bytes,
 *                          per VPG (sub-key = VPG name): used_storage_bytes:<vpg>, actual_rpo_seconds:<vpg>
 *   eb             daily   agent_node_count, agent_bytes_protected, image_vm_count, image_total_bytes
 *   ed             daily   active_licenses, active_licenses_hw
 *   network        hourly  per interface (sub-key = snmpinterface_id: '<base_order_id>01', then '<base_order_id>02'):
 *                          in_bits:<if>, out_bits:<if> (bits per second, hourly average), and by the
 *                          interface's type, as the network page charts them:
 *                            ifType 6 (ethernet: di, ep)  + in/out_packets, in/out_discards, in/out_errors (per second)
 *                            ifType 108 (MPLS bundle: mp) + in/out_discards
 *                            ifType 131 (tunnel: sw) and the optional second interface (ifType 53): bits only
 *                          Each interface is fed as a product object (kind network_interface: name, alias,
 *                          type, speed = the order's committed Mbps), the table the network page lists.
 *                          Counters start at a random reading one hour before the first point, so every
 *                          hour has a rate.
 *   ob             daily   size_bytes, objects, bucket_count, per bucket (sub-key = bucket name):
 *                          bucket_size_bytes:<bucket>, bucket_objects:<bucket> (the totals are their sums);
 *                          each bucket also gets an ob_buckets row with its latest size and object count
 *   oc             daily   instance_count, volume_storage_bytes, snap_storage_bytes, per instance type
 *                          (sub-key = flavor, e.g. 'm1.large'): instances_of_type:<flavor>, adding up to instance_count
 *   resource-pool  daily   memory_bytes_used, memory_bytes_limit, cpu_hz_used, cpu_hz_limit,
 *                          per storage profile (sub-key 'performance' / 'capacity'):
 *                          storage_bytes_used:<profile>, storage_bytes_limit:<profile> (each profile fed as a
 *                          product object of kind storage_profile);
 *                          each pool also gets resource_pool_vms rows (name, memory_bytes, number_of_cpus)
 *   usage-based    daily   usage:<component_id>: quantity used that day, in the component's unit_of_measure
 *
 * How much each account gets: 'full' = every active order; 'light' = the first active order of each
 * product type, network traffic in bits only; 'sparse' (generated companies) = three accounts in ten get
 * one order's 'light' series.
 */

type Series = Record<string, number[]>;

const GHZ = 1e9;

/** Quantity of the first component whose description starts with `prefix`, or a fallback. */
function qty(components: readonly ComponentRecord[], prefix: string, fallback: number): number {
  return components.find((c) => c.description.startsWith(prefix))?.quantity ?? fallback;
}

const D = DAILY_POINTS;

function storageSeries(o: OrderRecord, r: Random, plan: AccountPlan, daily: readonly number[], light: boolean): Series {
  const c = o.components;
  switch (o.controller) {
    case 'bs': {
      const prod = walk(r, D, qty(c, 'Production', 2000) * GB * 0.6, 0.35, 0.01);
      return { production_storage_bytes: prod, local_storage_bytes: prod.map((v) => Math.round(v * 0.42)) };
    }
    case 'ch':
      return {
        backup_mgmt_objects: walk(r, D, qty(c, 'Backup management', 40) * 0.8, 0.25, 0.004, true),
        backup_storage_bytes: walk(r, D, qty(c, 'Backup repository', 6000) * GB * 0.6, 0.4, 0.01),
        replication_storage_bytes: walk(r, D, qty(c, 'Replication', 3000) * GB * 0.5, 0.3, 0.01),
      };
    case 'cv':
      return {
        vm_count: walk(r, D, qty(c, 'Protected', 20) * 0.8, 0.2, 0.003, true),
        used_bytes: walk(r, D, qty(c, 'Backup storage', 3000) * GB * 0.6, 0.35, 0.01),
      };
    case 'ds': {
      const vpgs = ['ERP', 'File-Servers', 'Web-Tier'].slice(0, light ? 1 : r.int(2, 3));
      const out: Series = {
        vms_count: walk(r, D, qty(c, 'Protected', 20), 0.15, 0.003, true),
        vpgs_count: steps(r, D, vpgs.length, 0),
        provisioned_storage_bytes: walk(r, D, qty(c, 'Recovery volume', 4000) * GB * 0.7, 0.2, 0.006),
        journal_used_bytes: walk(r, D, qty(c, 'Journal', 800) * GB * 0.5, 0.1, 0.03),
      };
      for (const v of vpgs) {
        out[`used_storage_bytes:${v}`] = walk(r, D, r.between(300, 2500) * GB, 0.25, 0.008);
        out[`actual_rpo_seconds:${v}`] = Array.from(
          { length: D },
          () => r.int(4, 12) + (r.chance(0.02) ? r.int(60, 900) : 0),
        );
      }
      return out;
    }
    case 'eb':
      // Demo orders get their clients, machines and totals from products/endpoint-backup.ts.
      if (plan.demo) return {};
      return {
        agent_node_count: walk(r, D, qty(c, 'Agent-based', 80), 0.2, 0.003, true),
        agent_bytes_protected: walk(r, D, qty(c, 'Protected data', 1500) * GB * 0.7, 0.3, 0.01),
        image_vm_count: walk(r, D, qty(c, 'Image-based', 8), 0.15, 0.003, true),
        image_total_bytes: walk(r, D, qty(c, 'Image-based', 8) * 120 * GB, 0.25, 0.01),
      };
    case 'ed': {
      const licences = qty(c, 'EDR licences', 100);
      return {
        active_licenses: walk(r, D, licences * 0.85, 0.12, 0.004, true),
        active_licenses_hw: steps(r, D, qty(c, 'Hardware-bound', 10), 2),
      };
    }
    case 'ob': {
      const buckets = ['backups', 'media-assets', 'logs-archive', 'analytics-exports'].slice(
        0,
        light ? 1 : r.int(2, 4),
      );
      const out: Series = {};
      for (const b of buckets) {
        out[`bucket_size_bytes:${b}`] = walk(r, D, r.between(50, 4000) * GB, r.between(0.1, 0.9), 0.012);
        out[`bucket_objects:${b}`] = walk(r, D, r.between(2e4, 3e6), 0.5, 0.01, true);
      }
      const sum = (prefix: string) =>
        Array.from({ length: D }, (_, i) => buckets.reduce((a, b) => a + (out[`${prefix}:${b}`]?.[i] ?? 0), 0));
      return {
        ...out,
        size_bytes: sum('bucket_size_bytes'),
        objects: sum('bucket_objects'),
        bucket_count: steps(r, D, buckets.length, 0),
      };
    }
    case 'oc': {
      const instances = walk(r, D, r.between(6, 60), 0.3, 0.02, true);
      return {
        instance_count: instances,
        volume_storage_bytes: walk(r, D, qty(c, 'Volume', 4000) * GB * 0.6, 0.3, 0.01),
        snap_storage_bytes: walk(r, D, qty(c, 'Snapshot', 1000) * GB * 0.5, 0.2, 0.03),
        ...instanceTypes(o.base_order_id, instances, light),
      };
    }
    case 'resource-pool': {
      const memLimit = qty(c, 'Reserved memory', 256) * GB;
      const cpuLimit = qty(c, 'Reserved vCPU', 64) * GHZ;
      const out: Series = {
        memory_bytes_limit: steps(r, D, memLimit * 0.8, 1),
        cpu_hz_limit: steps(r, D, cpuLimit * 0.8, 1),
        memory_bytes_used: walk(r, D, memLimit * 0.45, 0.3, 0.01),
        cpu_hz_used: walk(r, D, cpuLimit * 0.3, 0.3, 0.05),
      };
      for (const p of light ? ['performance'] : ['performance', 'capacity']) {
        const limit = qty(c, `Storage profile: ${p}`, 4000) * GB;
        out[`storage_bytes_limit:${p}`] = steps(r, D, limit, 1);
        out[`storage_bytes_used:${p}`] = walk(r, D, limit * 0.5, 0.35, 0.008);
      }
      return out;
    }
    case 'usage-based':
      return Object.fromEntries(
        o.components.map((comp) => [
          `usage:${comp.component_id}`,
          walk(r, D, Math.max(comp.quantity, 30) / 30, 0.3, 0.08),
        ]),
      );
    case 'dd':
      return zoneSeries(r, zoneNames(plan, o.base_order_id, light), daily);
    default:
      return {};
  }
}

const FLAVORS = ['m1.small', 'm1.medium', 'm1.large', 'c1.xlarge', 'r1.2xlarge'];

/**
 * The daily instance count split over instance types (flavors; own random stream): each type's share
 * drifts slowly, types after the first two start part-way, and the parts add up to the count.
 */
function instanceTypes(baseOrderId: number, counts: readonly number[], light: boolean): Series {
  const r = rng(`oc-types:${baseOrderId}`);
  const flavors = FLAVORS.slice(0, light ? 2 : r.int(3, FLAVORS.length));
  const weights = flavors.map(() => r.between(0.5, 3));
  const from = flavors.map((_, i) => (i < 2 ? 0 : r.int(0, Math.floor(counts.length * 0.7))));
  const out: Series = Object.fromEntries(flavors.map((f) => [`instances_of_type:${f}`, [] as number[]]));
  counts.forEach((count, day) => {
    weights.forEach((w, i) => (weights[i] = Math.max(0.2, w * Math.exp(r.noise(0.03)))));
    const live = weights.map((w, i) => (day >= (from[i] ?? 0) ? w : 0));
    const total = live.reduce((a, b) => a + b, 0);
    const exact = live.map((w) => (count * w) / total);
    const parts = exact.map(Math.floor);
    let left = count - parts.reduce((a, b) => a + b, 0);
    // Largest remainders first, so the parts add up to the day's count.
    for (const i of exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0])) {
      if (left-- <= 0) break;
      parts[i[1]] = (parts[i[1]] ?? 0) + 1;
    }
    flavors.forEach((f, i) => out[`instances_of_type:${f}`]?.push(parts[i] ?? 0));
  });
  return out;
}

/** ifType of an order's main interface, by product (see the header). */
const IF_TYPE: Readonly<Record<string, number>> = { di: 6, ep: 6, mp: 108, sw: 131 };

/** The device's name of an order's main port, by its ifType (a management sub-interface is `<port>.100`). */
const PORT_NAME: Readonly<Record<number, string>> = { 6: 'ge-0/0/0', 108: 'Multilink1', 131: 'Tunnel0' };

/** Committed bandwidth of a network order, in bits per second (its first Mbps component, else 1 Gbit/s). */
const capacityOf = (o: OrderRecord) => (o.components.find((c) => c.unit === 'Mbps')?.quantity ?? 1000) * 1e6;

/** Hourly interface counters: traffic follows the working day, errors and discards come in bursts. */
function networkSeries(o: OrderRecord, r: Random, times: readonly number[], light: boolean): Series {
  const capacity = capacityOf(o);
  const base = r.between(0.2, 0.55);
  const wan = `${o.base_order_id}01`;
  const ifType = IF_TYPE[o.product_cd] ?? 6;
  const inBits = times.map((t) => Math.round(capacity * Math.min(0.97, base * loadFactor(t) * (1 + r.noise(0.2)))));
  const outBits = inBits.map((v) => Math.round(v * r.between(0.25, 0.45)));
  const out: Series = { [`in_bits:${wan}`]: inBits, [`out_bits:${wan}`]: outBits };
  // Every chart the interface's type has gets data (decision 098: the type decides the charts). Light
  // orders draw these from a stream of their own, so their other random draws stay as they were, and
  // get no management sub-interface.
  const c = light ? rng(`light-counters:${o.base_order_id}`) : r;
  if (ifType === 6 || ifType === 108) {
    out[`in_discards:${wan}`] = bursts(c, HOURLY_POINTS, 0.03, 40);
    out[`out_discards:${wan}`] = bursts(c, HOURLY_POINTS, 0.02, 25);
  }
  if (ifType === 6) {
    out[`in_packets:${wan}`] = inBits.map((v) => Math.round(v / 8 / 780));
    out[`out_packets:${wan}`] = outBits.map((v) => Math.round(v / 8 / 420));
    out[`in_errors:${wan}`] = bursts(c, HOURLY_POINTS, 0.01, 5);
    out[`out_errors:${wan}`] = bursts(c, HOURLY_POINTS, 0.005, 2);
    if (!light && r.chance(0.35)) {
      const virtual = `${o.base_order_id}02`; // a management sub-interface: bits only
      out[`in_bits:${virtual}`] = inBits.map((v) => Math.round(v * r.between(0.01, 0.05)));
      out[`out_bits:${virtual}`] = outBits.map((v) => Math.round(v * r.between(0.01, 0.05)));
    }
  }
  return out;
}

/**
 * The objects behind an order's series, fed like a provider's inventory would feed them (the
 * product-objects collection, decision 098): a network order's interfaces (the main port, and the
 * management sub-interface where it has one), a resource pool's storage profiles.
 */
async function addProductObjects(ctx: SeedContext, o: OrderRecord, series: Series): Promise<void> {
  const atMs = o.billedFrom.getTime();
  const keysOf = (prefix: string) =>
    Object.keys(series)
      .filter((name) => name.startsWith(prefix))
      .map((name) => name.slice(prefix.length))
      .sort();
  if (o.controller === 'network') {
    const ifType = IF_TYPE[o.product_cd] ?? 6;
    const port = PORT_NAME[ifType] ?? 'ge-0/0/0';
    for (const key of keysOf('in_bits:')) {
      const main = key === `${o.base_order_id}01`;
      await ctx.feed.send(
        'product-objects',
        {
          order_number: o.order_number,
          kind: 'network_interface',
          object_key: key,
          attributes: main
            ? { name: port, alias: 'WAN', snmpiftype: ifType, speed_bps: capacityOf(o) }
            : { name: `${port}.100`, alias: 'Management', snmpiftype: 53, speed_bps: capacityOf(o) },
        },
        atMs,
      );
    }
  }
  if (o.controller === 'resource-pool')
    for (const key of keysOf('storage_bytes_used:'))
      await ctx.feed.send(
        'product-objects',
        { order_number: o.order_number, kind: 'storage_profile', object_key: key },
        atMs,
      );
}

function chartedOrders(plan: AccountPlan, orders: readonly OrderRecord[], random: Random): OrderRecord[] {
  const active = orders.filter((o) => o.status === 'A' && o.controller !== 'order');
  if (plan.metrics === 'full') return active;
  const firstPerType = active.filter((o, i) => active.findIndex((p) => p.controller === o.controller) === i);
  if (plan.metrics === 'light') return firstPerType;
  return random.chance(0.3) && firstPerType.length > 0 ? [random.pick(firstPerType)] : [];
}

/** One ob_buckets row per bucket series of an object storage order: its latest size and object count. */
function addBuckets(ctx: SeedContext, baseOrderId: number, series: Series): void {
  const prefix = 'bucket_size_bytes:';
  for (const name of Object.keys(series).sort()) {
    if (!name.startsWith(prefix)) continue;
    const bucket = name.slice(prefix.length);
    ctx.bulk.add('ob_buckets', {
      base_order_id: baseOrderId,
      bucket,
      size: Math.round(series[name]?.at(-1) ?? 0),
      num_objects: Math.round(series[`bucket_objects:${bucket}`]?.at(-1) ?? 0),
    });
  }
}

/** A few resource_pool_vms rows per resource pool order, their memory within the pool's latest usage. */
function addVms(ctx: SeedContext, baseOrderId: number, series: Series, light: boolean): void {
  const r = rng(`vms:${baseOrderId}`);
  const count = light ? r.int(3, 5) : r.int(14, 26);
  const share = (series.memory_bytes_used?.at(-1) ?? 64 * GB) / count;
  const roles = ['app', 'db', 'web', 'cache', 'build', 'mail', 'file', 'dc'];
  for (let i = 1; i <= count; i++) {
    ctx.bulk.add('resource_pool_vms', {
      base_order_id: baseOrderId,
      name: `${roles[i % roles.length]}-${String(i).padStart(2, '0')}`,
      memory_bytes: Math.max(1, Math.round((share * r.between(0.5, 1.5)) / GB)) * GB,
      number_of_cpus: r.pick([1, 2, 2, 4, 4, 8, 16]),
    });
  }
}

/** Managed backups of a backup as a service order, each with a daily run over the charted days (own random stream). */
function addManagedBackups(ctx: SeedContext, baseOrderId: number, days: readonly number[], light: boolean): void {
  const r = rng(`bs-backups:${baseOrderId}`);
  const count = light ? r.int(2, 3) : r.int(5, 9);
  const kinds = ['File server', 'SQL database', 'Exchange', 'Workstation', 'Hyper-V host', 'NAS share'];
  const runs = days.slice(-(light ? 30 : 120));
  for (let i = 1; i <= count; i++) {
    const id = baseOrderId * 100 + i;
    ctx.bulk.add('bs_managed_backups', {
      id,
      base_order_id: baseOrderId,
      resource_hash: createHash('sha1').update(`bs:${baseOrderId}:${i}`).digest('hex'),
      title: `${kinds[(i - 1) % kinds.length]} ${String(i).padStart(2, '0')}`,
    });
    const failure = r.between(0.02, 0.15);
    for (const day of runs) {
      ctx.bulk.add('bs_backup_runs', {
        managed_backup_id: id,
        ran_at: day + r.int(1, 5) * 3600,
        status: r.chance(failure) ? 'error' : 'ok',
      });
    }
  }
}

/** The interface series the seed generates per second, and the counter each one is sent as. */
const COUNTERS: Readonly<Record<string, { metric: string; perUnit: number }>> = {
  in_bits: { metric: 'if_in_octets', perUnit: 1 / 8 },
  out_bits: { metric: 'if_out_octets', perUnit: 1 / 8 },
  in_packets: { metric: 'if_in_packets', perUnit: 1 },
  out_packets: { metric: 'if_out_packets', perUnit: 1 },
  in_errors: { metric: 'if_in_errors', perUnit: 1 },
  out_errors: { metric: 'if_out_errors', perUnit: 1 },
  in_discards: { metric: 'if_in_discards', perUnit: 1 },
  out_discards: { metric: 'if_out_discards', perUnit: 1 },
};

/** The points of one generated series: gauges as they are, per-second series as raw counter readings. */
function pointsOf(
  order: OrderRecord,
  name: string,
  times: readonly number[],
  values: readonly number[],
  r: Random,
): Queued[] {
  const [head = name, sub] = name.split(/:(.*)/s);
  const labels = sub === undefined ? {} : head === 'usage' ? { component_key: sub } : { object_key: sub };
  const counter = COUNTERS[head];
  const at = (metric: string, ts: number, value: number): Queued => ({
    base_order_id: order.base_order_id,
    metric,
    labels,
    ts,
    value,
  });
  if (!counter) return times.map((ts, i) => at(head, ts, values[i] ?? 0));
  // Each reading adds the hour before it at the generated rate; the first one comes an hour early.
  const step = (times[1] ?? 0) - (times[0] ?? 0) || 3600;
  let reading = Math.round(r.between(0, 1e9));
  const out = [at(counter.metric, (times[0] ?? 0) - step, reading)];
  times.forEach((ts, i) => {
    reading += Math.round((values[i] ?? 0) * counter.perUnit * step);
    out.push(at(counter.metric, ts, reading));
  });
  return out;
}

/** A point waiting to be written; its order's number is read once the order is stored. */
type Queued = Omit<PointIn, 'order_number'> & { base_order_id: number };

/** Points waiting to be written, per seed run: the orders they name must be stored first. */
const pending = new WeakMap<SeedContext, Queued[]>();

/** Requests of at most this many points, as a feed sends them (the ingestion calls' limit). */
const CHUNK = 10_000;

export async function addMetrics(ctx: SeedContext, plan: AccountPlan, orders: readonly OrderRecord[]): Promise<void> {
  const pick = rng(`metrics:${plan.account_number}`);
  const daily = timeline(ctx.now, 'day');
  const hourly = timeline(ctx.now, 'hour');
  const queue = pending.get(ctx) ?? [];
  pending.set(ctx, queue);
  for (const order of chartedOrders(plan, orders, pick)) {
    const r = rng(`metrics:${order.base_order_id}`);
    const light = plan.metrics !== 'full';
    const hourlySeries = order.controller === 'network';
    const series = hourlySeries ? networkSeries(order, r, hourly, light) : storageSeries(order, r, plan, daily, light);
    const times = hourlySeries ? hourly : daily;
    // A service has no data from before it started.
    const first = times.findIndex((t) => t * 1000 >= order.billedFrom.getTime());
    if (order.controller === 'ob' && first >= 0) addBuckets(ctx, order.base_order_id, series);
    if (order.controller === 'resource-pool' && first >= 0) addVms(ctx, order.base_order_id, series, light);
    if (order.controller === 'bs' && first >= 0) addManagedBackups(ctx, order.base_order_id, times.slice(first), light);
    if (first >= 0) await addProductObjects(ctx, order, series);
    const counters = rng(`counters:${order.base_order_id}`);
    for (const name of first < 0 ? [] : Object.keys(series).sort())
      queue.push(...pointsOf(order, name, times.slice(first), (series[name] ?? []).slice(first), counters));
  }
}

/**
 * Sends the points gathered so far through the ingestion service, in requests of at most 10,000
 * points, after the rows they refer to are written. A rejected point is a bug in the seed.
 */
export async function writeMetrics(db: Db, ctx: SeedContext): Promise<number> {
  const queue = pending.get(ctx) ?? [];
  pending.set(ctx, []);
  if (queue.length === 0) return 0;
  await ctx.bulk.flushAll();
  const numbers = await orderNumbers(db, [...new Set(queue.map((p) => p.base_order_id))]);
  const context = { db, retention: defaultRetention, nowSeconds: ctx.now.getTime() / 1000 };
  for (let from = 0; from < queue.length; from += CHUNK) {
    const points = queue.slice(from, from + CHUNK).map(({ base_order_id, ...p }) => ({
      ...p,
      order_number: numbers.get(base_order_id) ?? '',
    }));
    const { rejected } = await ingest(context, points);
    if (rejected.length) throw new Error(`seed: usage points rejected: ${JSON.stringify(rejected.slice(0, 3))}`);
  }
  return queue.length;
}
