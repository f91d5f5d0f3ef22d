import type { AccountPlan, BillingProfile, MetricLevel, SeedContext, UserRef } from './context.ts';
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
import { addAccountTeam, brokenAvatarMember, pickAccountTeam } from './team.ts';
import { addDays, daysAgo, earlier } from './time.ts';

/** Users, companies and their accounts: the demo sign-ins first, then generated companies. */

interface Knobs {
  orderRange: readonly [number, number];
  pending: number;
  controllers: readonly string[];
  ticketStatuses: readonly string[];
  billing: BillingProfile;
  metrics: MetricLevel;
}

const DEMO_DEFAULT: Knobs = {
  orderRange: [8, 12],
  pending: 1,
  controllers: [],
  ticketStatuses: ['Open', 'Closed'],
  billing: 'normal',
  metrics: 'light',
};

/** What each demo account shows. The demo customer's tickets cover every status, one awaiting a reply. */
const DEMO_KNOBS: Readonly<Record<string, Partial<Knobs>>> = {
  '1000101': {
    orderRange: [18, 22],
    pending: 3,
    controllers: CONTROLLERS,
    billing: 'aging',
    metrics: 'full',
    ticketStatuses: ['Open', 'In Progress', 'Pending Customer', 'Deferred to Client', 'Closed', 'Open'],
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

function addUser(ctx: SeedContext, m: DemoMember, createdAt: Date, random: Random): UserRef {
  const user: UserRef = {
    user_id: ctx.ids.next('users'),
    first_nm: m.first_nm,
    last_nm: m.last_nm,
    email_nm: m.email,
    phone: phoneFor(random),
  };
  ctx.bulk.add('users', {
    user_id: user.user_id,
    email_nm: m.email,
    first_nm: m.first_nm,
    last_nm: m.last_nm,
    password_hash: ctx.passwordHash,
    uss_admin_level: m.uss_admin_level,
    two_factor_enabled: m.two_factor,
    // Stored as plain base32 for now; the identity code may encrypt secrets at rest later.
    two_factor_secret: m.two_factor ? TOTP_SECRET : null,
    email_verified_at: addDays(createdAt, 0.02),
    created_at: createdAt,
    updated_at: createdAt,
  });
  // Everyone has accepted every active agreement, except legal@demo.test and the newest one.
  for (const a of ctx.agreements) {
    if (!a.active) continue;
    if (m.email === demoEmails.legal && a.title === UNACCEPTED_AGREEMENT_TITLE) continue;
    const seen = a.created_at.getTime() > createdAt.getTime() ? a.created_at : createdAt;
    const accepted = earlier(addDays(seen, random.between(0.1, 9)), ctx.now);
    ctx.bulk.add('legal_acceptances', {
      user_id: user.user_id,
      legal_agreement_id: a.legal_agreement_id,
      accepted_at: accepted,
    });
  }
  return user;
}

interface AccountSpec {
  account_number: string;
  name: string;
  require_pin: boolean;
  account_status_cd: 'A' | 'D';
  is_2fa_required: boolean;
}

function addAccount(ctx: SeedContext, spec: AccountSpec, company: string, createdAt: Date): number {
  const id = ctx.ids.next('accounts');
  ctx.bulk.add('accounts', {
    account_id: id,
    account_number: spec.account_number,
    name: spec.name,
    company_nm: company,
    is_active: true,
    require_pin: spec.require_pin,
    pin_hash: spec.require_pin ? ctx.pinHash : null,
    account_status_cd: spec.account_status_cd,
    is_2fa_required: spec.is_2fa_required,
    created_at: createdAt,
  });
  return id;
}

interface CompanySpec {
  name: string;
  accounts: readonly AccountSpec[];
  users: readonly DemoMember[];
  createdAt: Date;
  knobs: (accountNumber: string, random: Random) => Knobs;
  demo: boolean;
}

/** Writes a company's users, accounts, memberships and account teams; returns what the other generators fill. */
function addCompany(ctx: SeedContext, c: CompanySpec): AccountPlan[] {
  const random = rng(`company:${c.name}`);
  const users = c.users.map((m) => {
    const joined = addDays(c.createdAt, random.between(1, 200));
    return { m, joined, ref: addUser(ctx, m, joined, random) };
  });
  const broken = brokenAvatarMember(ctx.team);
  return c.accounts.map((spec, i) => {
    const createdAt = addDays(c.createdAt, i * 30);
    const accountId = addAccount(ctx, spec, c.name, createdAt);
    const holders: UserRef[] = [];
    for (const { m, joined, ref } of users) {
      const admin = m.accounts[spec.account_number];
      if (admin === undefined) continue;
      const since = joined.getTime() > createdAt.getTime() ? joined : createdAt;
      ctx.bulk.add('accounts_users', {
        account_id: accountId,
        user_id: ref.user_id,
        is_account_admin: admin,
        created_at: since,
      });
      holders.push(ref);
    }
    const teamRandom = rng(`team:${spec.account_number}`);
    // The demo customer's main account shows the member whose avatar is broken.
    addAccountTeam(
      ctx.bulk,
      accountId,
      pickAccountTeam(ctx.team, teamRandom, spec.account_number === '1000101' ? broken : undefined),
    );
    return {
      account_id: accountId,
      account_number: spec.account_number,
      name: spec.name,
      company_nm: c.name,
      code: codeOf(c.name),
      city: random.pick(CITIES),
      status: spec.account_status_cd,
      createdAt,
      holders,
      demo: c.demo,
      ...c.knobs(spec.account_number, random),
    };
  });
}

export function addDemoCompanies(ctx: SeedContext): AccountPlan[] {
  const plans = DEMO_COMPANIES.flatMap((company, i) =>
    addCompany(ctx, {
      name: company.name,
      accounts: company.accounts,
      users: company.users,
      createdAt: daysAgo(ctx.now, 1500 - i * 120),
      demo: true,
      knobs: (n) => ({ ...DEMO_DEFAULT, ...DEMO_KNOBS[n] }),
    }),
  );
  const random = rng('loose-users');
  for (const m of DEMO_LOOSE_USERS) addUser(ctx, m, daysAgo(ctx.now, 90), random);
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
): AccountPlan[] {
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
      billing: 'normal',
      metrics: 'sparse',
    }),
  });
}
