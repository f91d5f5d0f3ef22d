import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { supportedLocale } from '@portal/contract/display';
import { z } from 'zod';

import { parseOutboundAllow, type OutboundAllow } from '../lib/outbound.ts';
import { deploymentProfile, providerVariables, type DeploymentProfile } from './provider-profile.ts';

/** Days a rollup tier keeps its buckets: a whole number, or 'forever' (null). */
const retentionDays = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => v === 'forever' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 36500), {
      message: "a number of days (1 to 36500) or 'forever'",
    })
    .transform((v) => (v === 'forever' ? null : Number(v)));

/**
 * The virtual machine backup page's client installers (decision 099): what the provider publishes, per
 * platform. Unset: none in production; elsewhere examples, so a demo shows the page's list.
 */
const clientDownloads = z.array(
  z.object({
    platform: z.string().trim().min(1).max(40),
    label: z.string().trim().min(1).max(120),
    url: z.url({ protocol: /^https?$/ }),
  }),
);

const exampleClientDownloads: z.infer<typeof clientDownloads> = [
  {
    platform: 'Windows',
    label: 'Backup agent for Windows Server (64-bit MSI)',
    url: 'https://downloads.example.com/vm-backup/agent/windows/backup-agent-x64.msi',
  },
  {
    platform: 'Linux',
    label: 'Backup agent for Linux (DEB, Debian and Ubuntu)',
    url: 'https://downloads.example.com/vm-backup/agent/linux/backup-agent_amd64.deb',
  },
  {
    platform: 'Linux',
    label: 'Backup agent for Linux (RPM, RHEL and Rocky)',
    url: 'https://downloads.example.com/vm-backup/agent/linux/backup-agent.x86_64.rpm',
  },
  {
    platform: 'VMware',
    label: 'Backup proxy appliance for vSphere (OVA)',
    url: 'https://downloads.example.com/vm-backup/proxy/vmware/backup-proxy.ova',
  },
  {
    platform: 'Hyper-V',
    label: 'Backup integration for Hyper-V hosts (64-bit MSI)',
    url: 'https://downloads.example.com/vm-backup/agent/hyperv/backup-hyperv-x64.msi',
  },
];

/** INTEGRATION_INVOICE_DAYS_AHEAD unset; also what the demo seed, which has no settings, applies. */
export const defaultInvoiceDaysAhead = 45;

/** The one place that reads process.env. A bad value stops the process with the variable's name. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  // Outside production only this machine reaches the portal; production listens on every interface.
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  REDIS_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(8 * 3600),
  SMTP_URL: z.url().optional(),
  /** Unset: the provider profile's sender (decision 123). */
  MAIL_FROM: z.string().min(1).optional(),
  /** Unset: the provider profile's support email (decision 123). */
  INQUIRY_INBOX: z.email().optional(),
  SUPPORT_INBOX: z.email().optional(),
  /**
   * The provider profile at deployment (decision 123): a JSON file of the profile's fields (logo and
   * favicon as paths beside it), and PROVIDER_* variables, each over the file's field. A profile saved
   * on the staff page wins over both.
   */
  PROVIDER_PROFILE_FILE: z.string().min(1).optional(),
  ...providerVariables,
  PUBLIC_URL: z.url().optional(),
  CONTENT_BASE_URL: z.string().default('/api/content'),
  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha']).default('altcha'),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  /** Work of the self-hosted captcha: the proof of work tries up to this many hashes (about 0.1 s in a browser at 50000). */
  CAPTCHA_COMPLEXITY: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  LOGIN_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  ATTEMPT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 60),
  /** General limit of the whole API per client address (an office behind one address stays well below it). */
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Calls one customer API token may make per minute, in all API processes together (decision 129). */
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Batches one integration token may have running at once, in all API processes together (decision 114). */
  INTEGRATION_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(2),
  /**
   * Database connections the batches of one API process use at most, all batches together: the rest of
   * the pool's 10 stay for customers' calls (decision 114).
   */
  INTEGRATION_BATCH_CONNECTIONS: z.coerce.number().int().min(1).max(9).default(4),
  /**
   * How many days after today (UTC) an invoice item's bill_date may be: one billed further ahead is refused
   * (decision 124), a mistyped year never shows as the customer's next invoice.
   */
  INTEGRATION_INVOICE_DAYS_AHEAD: z.coerce.number().int().min(0).max(3660).default(defaultInvoiceDaysAhead),
  /**
   * The locale of every date and number the portal shows (pages, PDFs), decision 120: one for both, so a
   * date never reads in one locale beside an amount in another. en-US keeps the spec's formats.
   */
  PORTAL_LOCALE: z
    .string()
    .default('en-US')
    .refine((v) => supportedLocale(v) === v, { message: 'a BCP 47 locale that Intl supports, e.g. en-US or de-DE' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  WEB_DIST: z.string().optional(),
  // Behind a load balancer: 'true' or the proxies' addresses (comma-separated). Off by default, so a
  // client cannot pick its own address (and so its rate-limit bucket) with X-Forwarded-For.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  /**
   * Long-running jobs (the SNMP poller, decision 100): 'in-process' runs them inside the API process (the
   * default, so `npm start` alone polls), 'off' leaves them to `npm run worker`. Unset under NODE_ENV=test.
   */
  WORKERS: z.enum(['in-process', 'off']).optional(),
  /** SNMP devices polled at once by one worker process, and the time one device's whole poll may take. */
  SNMP_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
  SNMP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * The internal addresses (loopback, private, link-local, CGNAT, unspecified, multicast) that requests made
   * on someone's behalf may reach (Prometheus sources, webhooks, SNMP devices; decision 113): `*` for all,
   * `none`, or host names and addresses/CIDRs, comma-separated. Unset: `none` in production, `*` elsewhere.
   */
  OUTBOUND_ALLOW: z.string().optional(),
  SEED_ON_EMPTY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Usage data (decision 090): days each tier keeps, or 'forever'; each tier keeps at least what the finer one does.
  METRICS_RAW_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(35),
  METRICS_5M_RETENTION_DAYS: retentionDays('400'),
  METRICS_1H_RETENTION_DAYS: retentionDays('forever'),
  METRICS_1D_RETENTION_DAYS: retentionDays('forever'),
  /**
   * An order's usage data is stale (its pages say when the last point arrived) once the newest point is
   * older than its feed's step plus a grace for the feed's own delay: half a step, and at least this many
   * seconds (decision 092). A minute is the product rule; the browser tests shorten it.
   */
  METRICS_STALE_GRACE_SECONDS: z.coerce.number().int().min(1).max(86400).default(60),
  /**
   * Series one order may have (decision 115): a point of a new series beyond it is rejected with a
   * reason, so a feed that puts an ever-changing value into object_key cannot grow the tables without end.
   */
  METRICS_MAX_SERIES_PER_ORDER: z.coerce.number().int().min(1).default(10_000),
  /**
   * How often each API process re-checks the sessions of its open live streams (issue 27): a stream
   * whose session ended (sign-out everywhere, password change, staff revocation, access to the order
   * taken away) ends by then, if no event of its order came first. At most 30 s, the product rule.
   */
  LIVE_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).max(30).default(30),
  /** Largest body of the metrics ingestion calls (JSON, remote write, OTLP). */
  METRICS_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(16 * 1024 * 1024),
  /**
   * Key (32 bytes, base64 or 64 hex digits) that seals connector credentials (SNMP communities and v3
   * keys, Prometheus source tokens and passwords) with AES-256-GCM. Required in production; elsewhere
   * one is generated under DATA_DIR.
   */
  CONNECTOR_KEY: z
    .string()
    .refine((v) => connectorKeyBytes(v) !== null, { message: 'must be 32 bytes as base64 or 64 hex digits' })
    .optional(),
  /**
   * A webhook whose endpoint has failed every delivery for longer than this is disabled (decision 117):
   * staff see the reason and the staff user who created the token is told; re-enabling resumes.
   */
  WEBHOOK_DISABLE_AFTER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(72),
  /**
   * Days the accounts' audit log keeps an entry (decision 133); the retention job removes older ones
   * every hour.
   */
  AUDIT_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(365 * 10)
    .default(365),
  /**
   * Online payments (issue 30, decision 127): the payment provider, or unset for none (then nothing about
   * payments shows anywhere). Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.
   */
  PAYMENTS_PROVIDER: z.enum(['stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** The signing secret (whsec_...) of the webhook endpoint /api/payments/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Where the Stripe SDK sends its requests (protocol, host and port): Stripe's own API by default; the
   * tests point it at a local stand-in of the endpoints the portal uses.
   */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /**
   * The backup client installers the virtual machine backup page offers: a JSON array of
   * {"platform", "label", "url"} (http or https), grouped on the page by platform, in this order.
   */
  BACKUP_CLIENT_DOWNLOADS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {platform, label, url}' });
        return z.NEVER;
      }
    })
    .pipe(clientDownloads.optional()),
});

type Parsed = z.infer<typeof schema>;

/** Every variable the portal reads (the README's configuration table describes each). */
export const envVariables = Object.keys(schema.shape) as (keyof Parsed)[];

export type Env = Omit<
  Parsed,
  'HOST' | 'PUBLIC_URL' | 'LOG_LEVEL' | 'CONNECTOR_KEY' | 'OUTBOUND_ALLOW' | 'BACKUP_CLIENT_DOWNLOADS'
> & {
  BACKUP_CLIENT_DOWNLOADS: z.infer<typeof clientDownloads>;
  HOST: string;
  /** The provider profile the deployment sets (PROVIDER_PROFILE_FILE and PROVIDER_*), null when it sets none. */
  PROVIDER_PROFILE: DeploymentProfile | null;
  OUTBOUND_ALLOW: OutboundAllow;
  /** The 32 bytes of the connector credentials key (lib/sealed.ts). */
  CONNECTOR_KEY: Buffer;
  PUBLIC_URL: string;
  LOG_LEVEL: NonNullable<Parsed['LOG_LEVEL']>;
  JWT_SECRET: string;
  DATA_DIR: string;
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Rules between variables, one line per variable at fault. */
function crossChecks(env: Parsed): string[] {
  const problems: string[] = [];
  if (env.CAPTCHA_PROVIDER === 'recaptcha' && (!env.RECAPTCHA_SECRET || !env.RECAPTCHA_SITE_KEY)) {
    problems.push('RECAPTCHA_SECRET, RECAPTCHA_SITE_KEY: required when CAPTCHA_PROVIDER=recaptcha');
  }
  const tiers = [
    ['METRICS_RAW_RETENTION_DAYS', env.METRICS_RAW_RETENTION_DAYS],
    ['METRICS_5M_RETENTION_DAYS', env.METRICS_5M_RETENTION_DAYS],
    ['METRICS_1H_RETENTION_DAYS', env.METRICS_1H_RETENTION_DAYS],
    ['METRICS_1D_RETENTION_DAYS', env.METRICS_1D_RETENTION_DAYS],
  ] as const;
  // A rollup is rebuilt from the finer tier, so it must keep at least as long as that tier does.
  for (let i = 1; i < tiers.length; i++) {
    const finer = tiers[i - 1]?.[1];
    const [name, days] = tiers[i] ?? ['', null];
    if (finer === null && days !== null) problems.push(`${name}: must be 'forever' when the finer tier keeps forever`);
    else if (finer != null && days !== null && days < finer) problems.push(`${name}: must be at least ${finer} days`);
  }
  if (env.PAYMENTS_PROVIDER === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    problems.push('STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENTS_PROVIDER=stripe');
  }
  const outbound = env.OUTBOUND_ALLOW === undefined ? null : parseOutboundAllow(env.OUTBOUND_ALLOW);
  if (outbound && 'error' in outbound) problems.push(`OUTBOUND_ALLOW: ${outbound.error}`);
  if (env.NODE_ENV === 'production') {
    // A generated key on one machine's disk would make every other API process reject its tokens.
    if (!env.JWT_SECRET) problems.push('JWT_SECRET: required in production (at least 32 characters)');
    // Connector credentials sealed by one process must open in every other one.
    if (!env.CONNECTOR_KEY)
      problems.push('CONNECTOR_KEY: required in production (32 bytes as base64 or 64 hex digits)');
    if (!env.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https address customers use)');
    else {
      const url = new URL(env.PUBLIC_URL);
      if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackHosts.has(url.hostname))) {
        problems.push('PUBLIC_URL: must be an https URL in production (http only for a loopback host)');
      }
    }
  }
  return problems;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  const problems = result.success
    ? crossChecks(result.data)
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // Folded into OUTBOUND_ALLOW (decision 113): a deployment that set it chooses its allow list anew.
  if (source.SNMP_PRIVATE_ADDRESSES !== undefined)
    problems.push('SNMP_PRIVATE_ADDRESSES: replaced by OUTBOUND_ALLOW (deny is `none`; allow lists the networks)');
  const provider = result.success ? deploymentProfile(result.data) : null;
  if (provider && 'problems' in provider) problems.push(...provider.problems);
  if (!result.success || problems.length) {
    throw new Error(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const env = result.data;
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR);
  return {
    ...env,
    HOST: env.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    // The demo data (with its published passwords) never reaches a production database.
    SEED_ON_EMPTY: production ? false : env.SEED_ON_EMPTY,
    DATA_DIR: dataDir,
    PROVIDER_PROFILE: provider as DeploymentProfile | null,
    // Outside production local peers (test servers, a developer's Prometheus) are reached as they are.
    BACKUP_CLIENT_DOWNLOADS: env.BACKUP_CLIENT_DOWNLOADS ?? (production ? [] : exampleClientDownloads),
    OUTBOUND_ALLOW: parseOutboundAllow(env.OUTBOUND_ALLOW ?? (production ? 'none' : '*')) as OutboundAllow,
    JWT_SECRET: env.JWT_SECRET ?? localSecret(dataDir),
    CONNECTOR_KEY: connectorKeyBytes(env.CONNECTOR_KEY ?? localConnectorKey(dataDir)) as Buffer,
  };
}

/** Embedded default: a secret generated once and kept under DATA_DIR, so tokens survive restarts. */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The 32 key bytes of a CONNECTOR_KEY value (base64 or hex), or null when it is not one. */
function connectorKeyBytes(value: string): Buffer | null {
  const text = value.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, /[-_]/.test(text) ? 'base64url' : 'base64')
      : null;
  return bytes?.length === 32 ? bytes : null;
}

/** Embedded default: a connector key generated once and kept under DATA_DIR. */
function localConnectorKey(dataDir: string): string {
  const file = join(dataDir, 'connector-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export const loadEnv = (): Env => parseEnv(process.env);
