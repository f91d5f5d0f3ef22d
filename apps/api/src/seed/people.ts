import { markEmailVerified, setPasswordHash } from '../modules/identity/password-reset.service.ts';
import { acceptAgreement } from '../modules/legal/legal.service.ts';
import { setPinHash } from '../modules/pins/pins.service.ts';
import { setTwoFactor } from '../modules/profile/profile.service.ts';
import type { AccountPlan, BillingProfile, MetricLevel, SeedContext, UserRef } from './context.ts';
import { INVOICE_MONTHS } from './billing.ts';
import { CONTROLLERS } from './catalog.ts';
import { DEMO_COMPANIES, DEMO_LOOSE_USERS, TOTP_SECRET, UNACCEPTED_AGREEMENT_TITLE, demoEmails } from './demo.ts';
import type { DemoMember } from './demo.ts';
import {
  CITIES,
  COMPANY_PREFIXES,
  FIRST_NAMES,
  INDUSTRIES,
  LAST_NAMES,
  REGIONS,
  SITE_KINDS,
  pad,
  slug,
} from './names.ts';
import { rng } from './random.ts';
import type { Random } from './random.ts';
import { setStaffLevel } from './seed.repository.ts';
import { brokenAvatarMember, pickAccountTeam, teamItem } from './team.ts';
import { addDays, daysAgo, earlier } from './time.ts';

/**
 * Companies, their accounts and users: the demo sign-ins first, then generated companies. Accounts and
 * users (with their account access) come through the accounts and users feeds; what a feed does not
 * carry comes from the owning module's repository: the demo password and verified address (identity),
 * two-factor (profile), accepted agreements (legal), PINs (pins), and the staff levels.
 */

interface Knobs {
  orderRange: readonly [number, number];
  pending: number;
  controllers: readonly string[];
  ticketStatuses: readonly string[];
  ticketHistoryDays: number;
  invoiceMonths: number;
  foundingOrders: number;
  notices: 'all' | number;
  billing: BillingProfile;
  metrics: MetricLevel;
}

/** Finished tickets of the usual kind: last updated within the past two and a half months. */
const TICKET_HISTORY_DAYS = 75;

const DEMO_DEFAULT: Knobs = {
  orderRange: [8, 12],
  pending: 1,
  controllers: [],
  ticketStatuses: ['Open', 'Closed'],
  ticketHistoryDays: TICKET_HISTORY_DAYS,
  invoiceMonths: INVOICE_MONTHS,
  foundingOrders: 0,
  notices: 0.2,
  billing: 'normal',
  metrics: 'light',
};

/**
 * The demo customer's main account has enough of everything for each list to page (issue 15): five
 * years of invoices, a year and a half of tickets, a year of notices and more than 30 services.
 */
const ACME_CORPORATE_HISTORY: readonly string[] = Array.from({ length: 24 }, (_, i) =>
  i % 7 === 3 ? 'Canceled' : i === 12 ? 'Postponed' : 'Closed',
);

/** What each demo account shows. The demo customer's tickets cover every status, one awaiting a reply. */
const DEMO_KNOBS: Readonly<Record<string, Partial<Knobs>>> = {
  '1000101': {
    orderRange: [31, 34],
    pending: 3,
    controllers: CONTROLLERS,
    billing: 'aging',
    metrics: 'full',
    ticketStatuses: [
      'Open',
      'In Progress',
      'Pending Customer',
      'Deferred to Client',
      'Closed',
      'Open',
      ...ACME_CORPORATE_HISTORY,
    ],
    ticketHistoryDays: 540,
    invoiceMonths: 61,
    foundingOrders: 3,
    notices: 'all',
  },
  '1000102': {
    orderRange: [10, 13],
    pending: 2,
    controllers: ['network', 'bs', 'ob'],
    billing: 'recent-unpaid',
    metrics: 'full',
    ticketStatuses: ['Postponed', 'Closed', 'In Progress'],
  },
  '1000103': {
    orderRange: [8, 9],
    pending: 0,
    controllers: ['network'],
    billing: 'old-debt',
    metrics: 'full',
    ticketStatuses: ['Canceled', 'Closed'],
  },
  '1000201': {
    orderRange: [18, 24],
    pending: 2,
    controllers: ['network', 'ds', 'dd', 'resource-pool'],
    ticketStatuses: ['Open', 'Pending Customer', 'In Progress', 'Closed'],
  },
  '1000202': { orderRange: [12, 16], ticketStatuses: ['Open', 'Deferred to Client', 'Closed'] },
  '1000203': { orderRange: [8, 12], controllers: ['oc', 'ob'], ticketStatuses: ['Postponed', 'Closed', 'Canceled'] },
};

const EXTRA_STATUSES = [
  'Open',
  'Open',
  'In Progress',
  'In Progress',
  'Pending Customer',
  'Deferred to Client',
  'Postponed',
  'Closed',
  'Closed',
  'Closed',
  'Closed',
  'Canceled',
] as const;

const AREA_CODES = ['214', '469', '972', '312', '404', '303', '602', '206', '615', '512', '617', '704'] as const;

const phoneFor = (random: Random): string => `+1 (${random.pick(AREA_CODES)}) 555-01${pad(random.int(0, 99), 2)}`;

/** Company code for customer references: 'Acme Logistics' -> 'ACME'. */
const codeOf = (company: string): string =>
  (company.split(' ')[0] ?? 'CUST')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 5)
    .toUpperCase();

/** A demo user before it is written: when they joined, their phone, when they accepted each agreement. */
interface PlannedUser {
  m: DemoMember;
  joined: Date;
  phone: string;
  acceptances: Array<{ agreementId: number; at: Date }>;
}

function planUser(ctx: SeedContext, m: DemoMember, joined: Date, random: Random): PlannedUser {
  const phone = phoneFor(random);
  // Everyone has accepted every active agreement, except legal@demo.test and the newest one.
  const acceptances: PlannedUser['acceptances'] = [];
  for (const a of ctx.agreements) {
    if (!a.active) continue;
    if (m.email === demoEmails.legal && a.title === UNACCEPTED_AGREEMENT_TITLE) continue;
    const seen = a.created_at.getTime() > joined.getTime() ? a.created_at : joined;
    acceptances.push({
      agreementId: a.legal_agreement_id,
      at: earlier(addDays(seen, random.between(0.1, 9)), ctx.now),
    });
  }
  return { m, joined, phone, acceptances };
}

/**
 * Feeds the user with their account access (as of the day they joined), then gives the demo user what
 * a feed does not: the demo password (instead of the invitation), a verified address, the staff level,
 * two-factor and the accepted agreements.
 */
async function addUser(ctx: SeedContext, u: PlannedUser): Promise<UserRef> {
  const { m, joined } = u;
  const accounts = Object.entries(m.accounts).map(([account_number, is_account_admin]) => ({
    account_number,
    is_account_admin,
  }));
  await ctx.feed.send('users', { email_nm: m.email, first_nm: m.first_nm, last_nm: m.last_nm, accounts }, +joined);
  const userId = await ctx.feed.userId(m.email);
  await ctx.feed.after(async (db) => {
    await setPasswordHash(db, userId, ctx.passwordHash, +joined);
    await markEmailVerified(db, userId, +addDays(joined, 0.02));
    if (m.uss_admin_level > 0) await setStaffLevel(db, userId, m.uss_admin_level);
    // Stored as plain base32 for now; the identity code may encrypt secrets at rest later.
    if (m.two_factor) await setTwoFactor(db, userId, TOTP_SECRET);
    for (const a of u.acceptances) await acceptAgreement(db, userId, a.agreementId, +a.at);
  });
  return { user_id: userId, first_nm: m.first_nm, last_nm: m.last_nm, email_nm: m.email, phone: u.phone };
}

interface AccountSpec {
  account_number: string;
  name: string;
  require_pin: boolean;
  account_status_cd: 'A' | 'D';
  is_2fa_required: boolean;
}

interface CompanySpec {
  name: string;
  accounts: readonly AccountSpec[];
  users: readonly DemoMember[];
  createdAt: Date;
  knobs: (accountNumber: string, random: Random) => Knobs;
  demo: boolean;
}

/** Feeds a company's accounts (with their teams) and users; returns what the other generators fill. */
async function addCompany(ctx: SeedContext, c: CompanySpec): Promise<AccountPlan[]> {
  const random = rng(`company:${c.name}`);
  const planned = c.users.map((m) => planUser(ctx, m, addDays(c.createdAt, random.between(1, 200)), random));
  const broken = brokenAvatarMember(ctx.team);
  const accounts: Array<{ spec: AccountSpec; plan: Omit<AccountPlan, 'holders'> }> = [];
  for (const [i, spec] of c.accounts.entries()) {
    const createdAt = addDays(c.createdAt, i * 30);
    // The demo customer's main account shows the member whose avatar is broken.
    const team = pickAccountTeam(
      ctx.team,
      rng(`team:${spec.account_number}`),
      spec.account_number === '1000101' ? broken : undefined,
    );
    await ctx.feed.send(
      'accounts',
      {
        account_number: spec.account_number,
        name: spec.name,
        company: c.name,
        require_pin: spec.require_pin,
        is_2fa_required: spec.is_2fa_required,
        account_status_cd: spec.account_status_cd,
        is_active: true,
        team: teamItem(team),
      },
      +createdAt,
    );
    const accountId = await ctx.feed.accountId(spec.account_number);
    // The PIN is the customer's, set in the portal (pins module), never sent by the provider.
    if (spec.require_pin) await ctx.feed.after((db) => setPinHash(db, accountId, ctx.pinHash));
    accounts.push({
      spec,
      plan: {
        account_id: accountId,
        account_number: spec.account_number,
        name: spec.name,
        company_nm: c.name,
        code: codeOf(c.name),
        city: random.pick(CITIES),
        status: spec.account_status_cd,
        createdAt,
        demo: c.demo,
        ...c.knobs(spec.account_number, random),
      },
    });
  }
  const users: Array<{ m: DemoMember; ref: UserRef }> = [];
  for (const u of planned) users.push({ m: u.m, ref: await addUser(ctx, u) });
  return accounts.map(({ spec, plan }) => ({
    ...plan,
    holders: users.filter(({ m }) => m.accounts[spec.account_number] !== undefined).map(({ ref }) => ref),
  }));
}

/** Days since a demo company became a customer, where not the default: Acme bills five years back. */
const DEMO_OPENED_DAYS_AGO: Readonly<Record<string, number>> = { 'Acme Logistics': 1990 };

export async function addDemoCompanies(ctx: SeedContext): Promise<AccountPlan[]> {
  const plans: AccountPlan[] = [];
  for (const [i, company] of DEMO_COMPANIES.entries()) {
    plans.push(
      ...(await addCompany(ctx, {
        name: company.name,
        accounts: company.accounts,
        users: company.users,
        createdAt: daysAgo(ctx.now, DEMO_OPENED_DAYS_AGO[company.name] ?? 1500 - i * 120),
        demo: true,
        knobs: (n) => ({ ...DEMO_DEFAULT, ...DEMO_KNOBS[n] }),
      })),
    );
  }
  const random = rng('loose-users');
  for (const m of DEMO_LOOSE_USERS) await addUser(ctx, planUser(ctx, m, daysAgo(ctx.now, 90), random));
  return plans;
}

/** A unique, believable company name for every index. */
export function companyName(index: number): string {
  const a = index % COMPANY_PREFIXES.length;
  const block = Math.floor(index / COMPANY_PREFIXES.length);
  const b = (block + a * 3) % INDUSTRIES.length; // a bijection over the first 40 x 25 indexes
  const name = `${COMPANY_PREFIXES[a]} ${INDUSTRIES[b]}`;
  const round = Math.floor(index / (COMPANY_PREFIXES.length * INDUSTRIES.length));
  if (round === 0) return name;
  const region = REGIONS[(round - 1) % REGIONS.length];
  const lap = Math.floor((round - 1) / REGIONS.length);
  return lap === 0 ? `${name} ${region}` : `${name} ${region} ${lap + 1}`;
}

/** A generated customer company with `accountCount` accounts and 1-3 users (the first administers all). */
export function addExtraCompany(
  ctx: SeedContext,
  index: number,
  firstAccountNumber: number,
  accountCount: number,
): Promise<AccountPlan[]> {
  const random = rng(`extra-company:${index}`);
  const name = companyName(index);
  const domain = `${slug(name)}.example`;
  const accounts: AccountSpec[] = Array.from({ length: accountCount }, (_, i) => ({
    account_number: String(firstAccountNumber + i),
    name: accountCount === 1 ? name : `${name} – ${random.pick(CITIES)} ${random.pick(SITE_KINDS)}`,
    require_pin: random.chance(0.1),
    account_status_cd: random.chance(0.04) ? 'D' : 'A',
    is_2fa_required: false,
  }));
  const emails = new Set<string>();
  const users: DemoMember[] = Array.from({ length: random.int(1, 3) }, (_, u) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    let email = `${first}.${last}@${domain}`.toLowerCase();
    if (emails.has(email)) email = email.replace('@', `${u + 1}@`);
    emails.add(email);
    const access: Record<string, boolean> = {};
    for (const a of accounts) if (u === 0 || random.chance(0.6)) access[a.account_number] = u === 0;
    return { email, first_nm: first, last_nm: last, uss_admin_level: 0, two_factor: false, accounts: access };
  });
  return addCompany(ctx, {
    name,
    accounts,
    users,
    createdAt: daysAgo(ctx.now, random.int(420, 2600)),
    demo: false,
    knobs: (_n, r) => ({
      orderRange: [4, 12],
      pending: r.chance(0.3) ? 1 : 0,
      controllers: [],
      ticketStatuses: Array.from({ length: r.int(0, 4) }, () => r.pick(EXTRA_STATUSES)),
      ticketHistoryDays: TICKET_HISTORY_DAYS,
      invoiceMonths: INVOICE_MONTHS,
      foundingOrders: 0,
      notices: 0,
      billing: 'normal',
      metrics: 'sparse',
    }),
  });
}
