import type { AccountPlan, OrderRecord, SeedContext } from './context.ts';
import { rng } from './random.ts';
import type { Random } from './random.ts';
import { recordTicketOpening } from './seed.repository.ts';
import { DAY, addDays, daysAgo, earlier } from './time.ts';

/**
 * Trouble tickets with their conversation, through the tickets feed (the provider's helpdesk).
 * `request_customer_response` is set exactly when the status is 'Pending Customer', so the demo customer
 * (one such ticket) sees exactly one awaiting a reply. What the portal records when a customer opens a
 * ticket (who, impact, contact details) is no part of the feed and is written beside it.
 */

type Kind = 'incident' | 'request';
const i = (text: string) => ({ text, kind: 'incident' as Kind });
const q = (text: string) => ({ text, kind: 'request' as Kind });

const SUBJECTS: Readonly<Record<string, ReadonlyArray<{ text: string; kind: Kind }>>> = {
  Network: [
    i('Packet loss on {circuit}'),
    i('Circuit down: {circuit}'),
    i('High latency to the {city} branch'),
    q('Request: add a VLAN to {circuit}'),
    i('BGP session flapping on {circuit}'),
    q('Bandwidth upgrade for {circuit}'),
  ],
  'Backup & Recovery': [
    i('Backup job failures on {circuit}'),
    q('Restore request: file share from last Friday'),
    q('Retention policy change for {circuit}'),
    i('Replication lag alerts on {circuit}'),
  ],
  Cloud: [
    i('Instance unreachable after maintenance'),
    q('Quota increase for {circuit}'),
    i('Slow volume performance on {circuit}'),
    q('Snapshot schedule change'),
  ],
  Security: [
    i('False-positive WAF block on the checkout page'),
    q('Add DNS record for a new subdomain'),
    i('EDR alert: suspicious PowerShell activity'),
    q('Licence count true-up for {circuit}'),
  ],
  Voice: [
    i('Dropped calls at the {city} office'),
    q('Port numbers to hosted voice'),
    i('Voicemail to email not working'),
  ],
  Colocation: [
    q('Remote hands: reseat a server in our cabinet'),
    q('Access list update for the data center'),
    i('Power alarm on PDU B'),
  ],
};

const OPENERS: Readonly<Record<Kind, readonly string[]>> = {
  incident: [
    'Hi team, we have been seeing this since this morning and users at {city} are affected. Can you take a look?',
    'Hello, please see the subject. This is affecting production for us, so a quick update would be appreciated.',
  ],
  request: [
    'Good morning, could you help with the request above? Happy to jump on a call if that is easier.',
    'Hi, we would like to schedule this change in the next two weeks. Details are in the subject; thanks!',
  ],
};
const PROACTIVE =
  'Our monitoring raised an alarm on {circuit}. An engineer is investigating and we will keep you updated here.';
const PROVIDER_MIDDLE: Readonly<Record<Kind, readonly string[]>> = {
  incident: [
    'Thanks for reaching out. We have opened an investigation with our NOC and will update you within 2 hours.',
    'We ran remote tests on {circuit} and see clean results from our side. We are checking the upstream carrier next.',
  ],
  request: [
    'Thanks, an engineer has been assigned and is preparing the change plan.',
    'We have reviewed the request and can schedule it for next Tuesday evening.',
  ],
};
const CUSTOMER_MIDDLE: Readonly<Record<Kind, readonly string[]>> = {
  incident: ['Thanks. We still see intermittent issues, roughly every 20 minutes.', 'Any update on this one?'],
  request: [
    'Thanks, that timing works for us.',
    'Understood. Our on-site contact is available until 5 pm on weekdays.',
  ],
};
const LAST_BY_STATUS: Readonly<Record<string, string>> = {
  Open: 'We are still working on this and will post the next update by end of day.',
  'In Progress': 'An engineer is working on this now; we will confirm here as soon as it is done.',
  'Pending Customer':
    'Could you please confirm a window when our engineer may make the change? We need your approval before proceeding.',
  'Deferred to Client': 'We are waiting on your team to arrange on-site access before we can continue.',
  Postponed: 'As agreed, this work is postponed until after your quarter-end change freeze.',
  Closed: 'This is resolved and has been confirmed on our side. Closing this ticket; reply if anything comes up again.',
  Canceled: 'Canceled at your request. Thanks for letting us know.',
};

const fill = (text: string, order: OrderRecord | undefined, plan: AccountPlan): string =>
  text.replaceAll('{circuit}', order?.circuit ?? 'your service').replaceAll('{city}', plan.city);

/** Days since the last update: open work is fresh, finished work older (up to `historyDays`). */
function lastUpdateDaysAgo(status: string, historyDays: number, random: Random): number {
  if (status === 'Closed' || status === 'Canceled') return random.between(3, historyDays);
  if (status === 'Postponed' || status === 'Deferred to Client') return random.between(2, 30);
  return random.between(0.05, 12);
}

export async function addTickets(ctx: SeedContext, plan: AccountPlan, orders: readonly OrderRecord[]): Promise<void> {
  const random = rng(`tickets:${plan.account_number}`);
  const services = orders.filter((o) => o.status !== 'P');
  for (const status of plan.ticketStatuses) {
    const ticket_number = `TT-${204500 + ctx.ids.next('tickets')}`;
    const order = services.length > 0 ? random.pick(services) : undefined;
    const subject = random.pick(SUBJECTS[order?.group ?? 'Network'] ?? []);
    const opener = random.pick(plan.holders);
    const age = lastUpdateDaysAgo(status, plan.ticketHistoryDays, random);
    const opened = random.between(0.5, 20);
    // Never about a service before it was billed: an older ticket moves up to the service's first weeks.
    const since = order ? (ctx.now.getTime() - order.billedFrom.getTime()) / DAY : Infinity;
    const last = daysAgo(ctx.now, Math.max(0.05, Math.min(age, since - opened)));
    const created = addDays(last, -opened);
    const impact = random.pick(['Low', 'Medium', 'Medium', 'High', 'Critical']);
    const messages = conversation(ctx, plan, { status, kind: subject.kind, order }, opener, created, last, random);
    await ctx.feed.send(
      'tickets',
      {
        ticket_number,
        account_number: plan.account_number,
        ...(order ? { order_number: order.order_number } : {}),
        subject: fill(subject.text, order, plan),
        status,
        request_customer_response: status === 'Pending Customer',
        messages: messages.map((m, i) => ({ external_id: `${ticket_number}-${i + 1}`, ...m })),
      },
      +last,
    );
    await ctx.feed.after((db) =>
      recordTicketOpening(db, ticket_number, {
        userId: opener.user_id,
        impact,
        contactName: `${opener.first_nm} ${opener.last_nm}`,
        contactEmail: opener.email_nm,
        contactPhone: opener.phone,
      }),
    );
  }
}

/**
 * 1-4 messages, oldest first. The first opens the ticket (the customer, or our monitoring for some
 * incidents); customer and provider then take turns; a longer thread ends with the provider's word
 * matching the status.
 */
function conversation(
  ctx: SeedContext,
  plan: AccountPlan,
  ticket: { status: string; kind: Kind; order: OrderRecord | undefined },
  opener: AccountPlan['holders'][number],
  created: Date,
  last: Date,
  random: Random,
): Array<{ author_name: string; from_provider: boolean; body: string; created_at: string }> {
  const { status, kind, order } = ticket;
  const count = random.int(status === 'Pending Customer' ? 2 : 1, 4);
  const engineer = random.pick(ctx.team.filter((m) => m.role === 'engineer'));
  const provider = `${engineer.first_nm} ${engineer.last_nm} (NOC)`;
  const customer = `${opener.first_nm} ${opener.last_nm}`;
  const span = last.getTime() - created.getTime();
  const proactive = kind === 'incident' && random.chance(0.25);
  return Array.from({ length: count }, (_, i) => {
    const final = i === count - 1 && count > 1;
    const fromProvider = final || (i === 0 ? proactive : (i % 2 === 1) !== proactive);
    const body = final
      ? (LAST_BY_STATUS[status] ?? '')
      : i === 0
        ? proactive
          ? PROACTIVE
          : random.pick(OPENERS[kind])
        : fromProvider
          ? random.pick(PROVIDER_MIDDLE[kind])
          : random.pick(CUSTOMER_MIDDLE[kind]);
    const at = i === count - 1 ? last : earlier(new Date(created.getTime() + (span * i) / count), last);
    return {
      author_name: fromProvider ? provider : customer,
      from_provider: fromProvider,
      body: fill(body, order, plan),
      created_at: at.toISOString(),
    };
  });
}
