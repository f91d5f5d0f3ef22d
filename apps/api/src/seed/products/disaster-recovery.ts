import { defaultRetention, ingest, type PointIn } from '../../modules/metrics/index.ts';
import type { AccountPlan, OrderRecord, SeedContext } from '../context.ts';
import type { FeedInput } from '../feed.ts';
import { rng, type Random } from '../random.ts';
import { GB, timeline, walk } from '../series.ts';
import { DAY } from '../time.ts';

/**
 * Disaster recovery for the demo customers (decision 096), fed the way the provider's replication
 * software would feed it: the protection groups and VMs through the product-objects collection
 * (ctx.feed, the integration upsert service), their daily facts through the usage-data write path
 * (modules/metrics ingest):
 *
 *   per VM (object_key = VM id)      dr_vm_rpo_seconds, dr_vm_provisioned_bytes, dr_vm_used_bytes,
 *                                    dr_vm_journal_used_bytes
 *   per VPG (object_key = its name)  dr_vpg_*: the RPO is the worst of its VMs, storage their sums
 *   per order                        dr_vms_count, dr_vpgs_count, dr_provisioned_bytes, dr_used_bytes,
 *                                    dr_journal_used_bytes (sums over the VMs protected that day)
 *
 * One VM per 'Protected virtual machines' unit billed, so the page's VM count and the charge agree.
 * Generated companies (the bulk fast path's) get none: only the demo accounts have DR objects.
 */

/** Days of points per order: the page's longest range (3 months) and a few days more. */
const DAYS = 95;
const VPG_NAMES = ['ERP', 'File-Servers', 'Web-Tier', 'SQL-Cluster', 'Exchange'];
const ROLES = ['app', 'db', 'web', 'file', 'dc', 'mail', 'erp', 'sql'];
/** Most groups meet their SLA; now and then one lags (the first group of an order always meets it). */
const LAGGING = ['rpo_not_meeting_sla', 'history_not_meeting_sla', 'initializing'] as const;

interface VmPlan {
  key: string;
  name: string;
  vpg: string;
  /** First day (index into the timeline) the VM is protected. */
  from: number;
  rpo: number[];
  provisioned: number[];
  used: number[];
  journal: number[];
}

function planVms(order: OrderRecord, r: Random, days: number, vpgs: readonly { name: string; rpo: number }[]) {
  const count = Math.max(
    1,
    order.components.find((c) => c.description.startsWith('Protected virtual machines'))?.quantity ?? 10,
  );
  return Array.from({ length: count }, (_, i): VmPlan => {
    const vpg = vpgs[i % vpgs.length] as { name: string; rpo: number };
    const from = r.chance(0.8) ? 0 : r.int(Math.floor(days / 3), days - 5);
    const provisionedGb = r.pick([80, 120, 200, 250, 500, 750, 1000, 2000]);
    const used = walk(r, days, provisionedGb * GB * r.between(0.35, 0.6), r.between(0.05, 0.3), 0.006).map((v) =>
      Math.min(v, provisionedGb * GB),
    );
    const hold = (values: number[]) => values.map((v, d) => (d < from ? 0 : v));
    return {
      key: `vm-${order.base_order_id}-${String(i + 1).padStart(3, '0')}`,
      name: `${ROLES[i % ROLES.length]}-${String(Math.floor(i / ROLES.length) + 1).padStart(2, '0')}`,
      vpg: vpg.name,
      from,
      // Seconds behind the production site: a few seconds, now and then a spike (a link hiccup).
      rpo: Array.from({ length: days }, () =>
        Math.round(r.between(3, 9) + (r.chance(0.004) ? r.between(vpg.rpo * 0.5, vpg.rpo * 2.5) : 0)),
      ),
      provisioned: hold(Array.from({ length: days }, () => provisionedGb * GB)),
      used: hold(used),
      journal: hold(used.map((v) => Math.round(v * r.between(0.04, 0.09)))),
    };
  });
}

export async function addDisasterRecovery(
  ctx: SeedContext,
  plan: AccountPlan,
  orders: readonly OrderRecord[],
): Promise<void> {
  if (!plan.demo) return;
  const active = orders.filter((o) => o.controller === 'ds' && o.status === 'A');
  for (const order of plan.metrics === 'full' ? active : active.slice(0, 1)) await addOrder(ctx, order);
}

async function addOrder(ctx: SeedContext, order: OrderRecord): Promise<void> {
  const r = rng(`ds:${order.base_order_id}`);
  const times = timeline(ctx.now, 'day')
    .slice(-DAYS)
    .filter((t) => t * 1000 >= order.billedFrom.getTime());
  if (times.length === 0) return;
  const days = times.length;
  const nowMs = ctx.now.getTime();

  const vpgs = VPG_NAMES.slice(0, r.int(2, 4)).map((name, i) => ({
    name,
    rpo: r.pick([60, 120, 300]),
    status: i > 0 && r.chance(0.3) ? r.pick(LAGGING) : ('meeting_sla' as const),
    lastTest: r.chance(0.8) ? new Date(nowMs - r.int(10, 170) * DAY).toISOString() : null,
  }));
  const vms = planVms(order, r, days, vpgs);
  const send = (item: FeedInput<'product-objects'>) => ctx.feed.send('product-objects', item, nowMs);
  const order_number = order.order_number;
  for (const g of vpgs)
    await send({
      order_number,
      kind: 'dr_protection_group',
      object_key: g.name,
      attributes: { configured_rpo_seconds: g.rpo, status: g.status, last_test: g.lastTest },
    });
  for (const v of vms)
    await send({ order_number, kind: 'dr_vm', object_key: v.key, attributes: { vm_name: v.name, vpg: v.vpg } });

  const points: PointIn[] = [];
  const add = (metric: string, values: readonly number[], from = 0, objectKey?: string) =>
    values.forEach((value, d) => {
      if (d >= from)
        points.push({
          order_number: order.order_number,
          metric,
          labels: objectKey === undefined ? {} : { object_key: objectKey },
          ts: times[d] as number,
          value,
        });
    });
  const sum = (group: readonly VmPlan[], of: (v: VmPlan) => number[]) =>
    Array.from({ length: days }, (_, d) => group.reduce((a, v) => a + (of(v)[d] ?? 0), 0));
  const live = (v: VmPlan, d: number) => d >= v.from;

  for (const v of vms) {
    add('dr_vm_rpo_seconds', v.rpo, v.from, v.key);
    add('dr_vm_provisioned_bytes', v.provisioned, v.from, v.key);
    add('dr_vm_used_bytes', v.used, v.from, v.key);
    add('dr_vm_journal_used_bytes', v.journal, v.from, v.key);
  }
  for (const g of vpgs) {
    const group = vms.filter((v) => v.vpg === g.name);
    const rpo = Array.from({ length: days }, (_, d) =>
      Math.max(0, ...group.filter((v) => live(v, d)).map((v) => v.rpo[d] ?? 0)),
    );
    add('dr_vpg_rpo_seconds', rpo, 0, g.name);
    add(
      'dr_vpg_provisioned_bytes',
      sum(group, (v) => v.provisioned),
      0,
      g.name,
    );
    add(
      'dr_vpg_used_bytes',
      sum(group, (v) => v.used),
      0,
      g.name,
    );
    add(
      'dr_vpg_journal_used_bytes',
      sum(group, (v) => v.journal),
      0,
      g.name,
    );
  }
  add(
    'dr_vms_count',
    Array.from({ length: days }, (_, d) => vms.filter((v) => live(v, d)).length),
  );
  add(
    'dr_vpgs_count',
    Array.from({ length: days }, () => vpgs.length),
  );
  add(
    'dr_provisioned_bytes',
    sum(vms, (v) => v.provisioned),
  );
  add(
    'dr_used_bytes',
    sum(vms, (v) => v.used),
  );
  add(
    'dr_journal_used_bytes',
    sum(vms, (v) => v.journal),
  );

  const context = { db: ctx.db, retention: defaultRetention, nowSeconds: nowMs / 1000 };
  for (let from = 0; from < points.length; from += 10_000) {
    const { rejected } = await ingest(context, points.slice(from, from + 10_000));
    if (rejected.length) throw new Error(`seed: DR points rejected: ${JSON.stringify(rejected.slice(0, 3))}`);
  }
}
