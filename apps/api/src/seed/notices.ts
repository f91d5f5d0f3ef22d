import type { AccountPlan, OrderRecord, SeedContext } from './context.ts';
import { pad } from './names.ts';
import { noticeHistory } from './notice-history.ts';
import { rng } from './random.ts';
import { HOUR, addDays, daysAgo, hoursAgo } from './time.ts';

/**
 * Maintenance and outage notifications, through the notifications feed: each names the accounts it
 * goes to and the orders (circuits) of theirs it affects; and the outage banners, through the outages
 * feed. Windows are relative to now: five upcoming, seven in the past 30 days (two of them outages), and
 * the past year's notices before them (notice-history.ts).
 */

export interface BatchDef {
  kind: 'maintenance' | 'outage';
  subject: string;
  area: string;
  /** Window start in days from now (negative = past) and length in hours. */
  startDays: number;
  hours: number;
  serviceAffecting: boolean;
  interruption: string;
  groups: readonly string[];
  circuits: string;
  work: string;
}

const NET = ['Network'];
const BATCHES: readonly BatchDef[] = [
  {
    kind: 'maintenance',
    subject: 'Scheduled fiber maintenance – Dallas metro',
    area: 'Dallas–Fort Worth metro',
    startDays: 3,
    hours: 4,
    serviceAffecting: true,
    interruption: 'Up to 30 minutes',
    groups: NET,
    circuits: 'Dedicated Internet and MPLS circuits served from the DAL1 POP',
    work: 'Our fiber partner will splice a new cable segment between two central offices to retire an aging route. Traffic will be moved to the protect path; circuits without route diversity will see one interruption.',
  },
  {
    kind: 'maintenance',
    subject: 'Core router software upgrade – Chicago POP',
    area: 'Chicago metro',
    startDays: 6,
    hours: 3,
    serviceAffecting: true,
    interruption: 'Two brief interruptions of up to 5 minutes each',
    groups: NET,
    circuits: 'All circuits homed on CHI1 core routers',
    work: 'We will upgrade the operating system of both core routers in our Chicago point of presence, one at a time, to address vendor security advisories.',
  },
  {
    kind: 'maintenance',
    subject: 'Backup platform storage expansion',
    area: 'All regions',
    startDays: 10,
    hours: 6,
    serviceAffecting: false,
    interruption: 'No interruption expected',
    groups: ['Backup & Recovery'],
    circuits: 'Backup Platform and VM Backup repositories',
    work: 'New storage shelves will be added to the backup repositories. Jobs keep running; restores may be slower during the window.',
  },
  {
    kind: 'maintenance',
    subject: 'Open Cloud control plane upgrade',
    area: 'US-Central cloud region',
    startDays: 15,
    hours: 4,
    serviceAffecting: true,
    interruption: 'API and dashboard unavailable for up to 45 minutes; running instances unaffected',
    groups: ['Cloud'],
    circuits: 'Open Cloud projects in US-Central',
    work: 'We will upgrade the OpenStack control plane to the next release. Running instances and volumes are not affected; creating or changing resources will be paused.',
  },
  {
    kind: 'maintenance',
    subject: 'Power maintenance – Atlanta data center (ATL2)',
    area: 'Atlanta',
    startDays: 22,
    hours: 8,
    serviceAffecting: false,
    interruption: 'No interruption expected (redundant feeds)',
    groups: ['Colocation', 'Cloud'],
    circuits: 'Cabinets and cloud hosts in ATL2',
    work: 'The utility provider will service the B-side switchgear. Equipment on A+B feeds is unaffected; single-fed equipment should be moved to the A feed beforehand.',
  },
  {
    kind: 'maintenance',
    subject: 'Emergency maintenance – optical amplifier replacement, Houston',
    area: 'Houston metro',
    startDays: -1,
    hours: 2,
    serviceAffecting: true,
    interruption: 'Up to 15 minutes',
    groups: NET,
    circuits: 'Ethernet Private Line and Dedicated Internet circuits on the HOU ring',
    work: 'A failing optical amplifier showed rising error rates and was replaced under emergency change control.',
  },
  {
    kind: 'outage',
    subject: 'Service outage – MPLS core, Southeast region',
    area: 'Southeast region',
    startDays: -4,
    hours: 1.7,
    serviceAffecting: true,
    interruption: 'Resolved after 1 hour 42 minutes',
    groups: NET,
    circuits: 'MPLS and SD-WAN sites in GA, FL and the Carolinas',
    work: 'A line card failure in the Atlanta core router caused loss of connectivity for MPLS sites in the region. Traffic was restored by failing over to the standby card; the faulty card has been replaced.',
  },
  {
    kind: 'maintenance',
    subject: 'SD-WAN orchestrator upgrade',
    area: 'All regions',
    startDays: -7,
    hours: 3,
    serviceAffecting: false,
    interruption: 'No interruption expected',
    groups: NET,
    circuits: 'Managed SD-WAN edges (management plane only)',
    work: 'The SD-WAN orchestrator was upgraded. Edges kept forwarding traffic; policy changes were paused during the window.',
  },
  {
    kind: 'maintenance',
    subject: 'Object storage gateway patching',
    area: 'US-Central cloud region',
    startDays: -11,
    hours: 2,
    serviceAffecting: true,
    interruption: 'Requests may need a retry for up to 10 minutes',
    groups: ['Cloud'],
    circuits: 'Object Storage endpoints in US-Central',
    work: 'Gateway nodes were patched in rolling fashion. Clients with retry logic saw no errors.',
  },
  {
    kind: 'outage',
    subject: 'Degraded backup job performance – Cloud Connect',
    area: 'All regions',
    startDays: -16,
    hours: 5,
    serviceAffecting: true,
    interruption: 'Backup jobs delayed up to 5 hours',
    groups: ['Backup & Recovery'],
    circuits: 'Backup as a Service and Backup Platform tenants',
    work: 'A storage controller fault slowed writes to the backup repositories. Jobs were queued and completed after the controller was replaced; no backup data was lost.',
  },
  {
    kind: 'maintenance',
    subject: 'DDoS mitigation platform update',
    area: 'Global',
    startDays: -21,
    hours: 2,
    serviceAffecting: false,
    interruption: 'Up to 2 minutes of elevated latency',
    groups: ['Security'],
    circuits: 'Web & App Security zones',
    work: 'Mitigation rules and scrubbing-center software were updated across all regions, one site at a time.',
  },
  {
    kind: 'maintenance',
    subject: 'Voice platform carrier failover test',
    area: 'All regions',
    startDays: -27,
    hours: 1,
    serviceAffecting: true,
    interruption: 'Calls in progress may drop once',
    groups: ['Voice'],
    circuits: 'Hosted Voice and SIP Trunking services',
    work: 'We tested failover between our two upstream voice carriers to validate disaster-recovery procedures.',
  },
];

export interface BatchRef {
  def: BatchDef;
  /** The provider's id of the notification. */
  external_id: string;
  ticket_number: string;
  scheduled_event: string;
  start: Date;
  /** When it was sent (the feed dates it, and each account's copy, by this). */
  created: Date;
}

/** Per notification (by external id): the accounts it goes to, each with its affected orders. */
export type NoticeRecipients = Map<string, Array<{ account: string; orders: string[] }>>;

/** The notifications item's limit on account_numbers and on order_numbers. */
const MAX_TARGETS = 1000;

/** The current notices come first (their ids and numbers stay put), then the past year's. */
export function planBatches(now: Date): BatchRef[] {
  return [...BATCHES, ...noticeHistory()].map((def, i) => {
    const start = new Date(Math.round(addDays(now, def.startDays).getTime() / HOUR) * HOUR);
    // Planned work is announced a week ahead (never in the future); outages are posted as they happen.
    const created =
      def.kind === 'outage'
        ? new Date(start.getTime() + HOUR / 3)
        : new Date(Math.min(addDays(start, -7).getTime(), daysAgo(now, 1 + i / 2).getTime()));
    return {
      def,
      external_id: `NTF-${pad(i + 1, 4)}`,
      ticket_number: `${def.kind === 'outage' ? 'INC' : 'CHG'}-${pad(4100 + i * 37, 7)}`,
      scheduled_event:
        def.kind === 'outage'
          ? 'Unplanned outage'
          : def.startDays < 0 && i === 5
            ? 'Emergency maintenance'
            : 'Planned maintenance',
      start,
      created,
    };
  });
}

/** Chooses the notifications an account gets and the circuits of its own each one names. */
export function addNotificationRecipients(
  ctx: SeedContext,
  batches: readonly BatchRef[],
  plan: AccountPlan,
  orders: readonly OrderRecord[],
): void {
  const random = rng(`notices:${plan.account_number}`);
  const current = BATCHES.map((_, i) => i);
  const past = batches.map((_, i) => i).slice(BATCHES.length);
  const services = orders.filter((o) => o.status === 'A');
  // Demo accounts always see an upcoming, a recent and an outage notice, plus a handful more, and their
  // share of the past year's (drawn from a stream of their own, so the current picks stay as they were).
  const history = rng(`notice-history:${plan.account_number}`);
  const share = plan.notices === 'all' ? 1 : plan.notices;
  const chosen =
    plan.notices === 'all'
      ? [...current, ...past]
      : plan.demo
        ? [
            ...[...new Set([0, 5, 6, ...random.sample(current, random.int(3, 6))])].sort((a, b) => a - b),
            ...past.filter((i) => {
              const groups = batches[i]?.def.groups ?? [];
              return services.some((o) => groups.includes(o.group)) && history.chance(share);
            }),
          ]
        : random.sample(current, random.int(1, 4)).sort((a, b) => a - b);
  for (const index of chosen) {
    const batch = batches[index];
    if (!batch || services.length === 0) continue;
    // A past notice names only services billed by then (the current ones: all of the account's).
    const running = index < BATCHES.length ? services : services.filter((o) => +o.billedFrom <= +batch.start);
    const matching = running.filter((o) => batch.def.groups.includes(o.group));
    const affected = (matching.length > 0 ? matching : [random.pick(running.length > 0 ? running : services)]).slice(
      0,
      3,
    );
    // A draw the seed once used for the copy's minute; kept so the later picks stay the same.
    random.int(1, 20);
    const recipients = ctx.notices.get(batch.external_id) ?? [];
    recipients.push({ account: plan.account_number, orders: affected.map((o) => o.order_number) });
    ctx.notices.set(batch.external_id, recipients);
  }
}

/**
 * Sends each notification to its accounts once every account is in. A notification names at most 1,000
 * accounts and 1,000 orders, so at benchmark scale one goes out as several (-2, -3... each to its own
 * accounts; every account still gets it once).
 */
export async function sendNotifications(ctx: SeedContext, batches: readonly BatchRef[]): Promise<void> {
  for (const b of batches) {
    const recipients = ctx.notices.get(b.external_id);
    if (!recipients) continue; // nobody to tell
    const parts = [{ accounts: [] as string[], orders: [] as string[] }];
    for (const r of recipients) {
      let part = parts.at(-1)!;
      if (part.accounts.length >= MAX_TARGETS || part.orders.length + r.orders.length > MAX_TARGETS) {
        part = { accounts: [], orders: [] };
        parts.push(part);
      }
      part.accounts.push(r.account);
      part.orders.push(...r.orders);
    }
    for (const [i, p] of parts.entries()) {
      await ctx.feed.send(
        'notifications',
        {
          external_id: i === 0 ? b.external_id : `${b.external_id}-${i + 1}`,
          kind: b.def.kind,
          subject: b.def.subject,
          service_affecting: b.def.serviceAffecting,
          description_of_work: b.def.work,
          scheduled_event: b.scheduled_event,
          area: b.def.area,
          ticket_number: b.ticket_number,
          duration_of_interruption: b.def.interruption,
          window_start_time: b.start.toISOString(),
          window_end_time: new Date(b.start.getTime() + b.def.hours * HOUR).toISOString(),
          circuits_affected: b.def.circuits,
          account_numbers: p.accounts,
          order_numbers: p.orders,
        },
        +b.created,
      );
    }
  }
}

/** The outage banners: one current (first, so it has the lower id), one resolved three days ago. */
export async function sendOutages(ctx: SeedContext): Promise<void> {
  await ctx.feed.send(
    'outages',
    {
      external_id: 'OUT-0001',
      message:
        'Some Dedicated Internet customers in the Denver metro are seeing degraded performance after a third-party fiber cut. Crews are on site; next update within 60 minutes.',
      active: true,
    },
    +hoursAgo(ctx.now, 2),
  );
  const resolved = {
    external_id: 'OUT-0002',
    message: 'Resolved: invoice downloads in the portal were unavailable for about two hours.',
  };
  const started = daysAgo(ctx.now, 3);
  await ctx.feed.send('outages', { ...resolved, active: true }, +started);
  await ctx.feed.send('outages', { ...resolved, active: false }, +addDays(started, 0.1));
}
