import { z } from 'zod';

import { email } from './fields.ts';
import { invoiceCharges } from './invoices.ts';
import { validationMessages as m } from './messages.ts';
import { vpgStatuses } from './products-ds.ts';

/**
 * The items of the integration API's batch upserts, one schema per collection. Each item is parsed
 * on its own; the output is canonical (decimals as fixed-scale strings, times in UTC ISO form), so
 * comparing it with what the portal holds tells whether an item changes anything.
 */

/** The charges the invoice page lists, by their fields ("a, b and c"). */
const chargeFields = invoiceCharges
  .map(({ key }) => key)
  .join(', ')
  .replace(/, (\w+)$/, ' and $1');

export const integrationMessages = {
  decimal: (scale: number) => `This value should be a decimal number with at most ${scale} decimals.`,
  date: 'This value should be a date (YYYY-MM-DD).',
  time: 'This value should be an RFC 3339 time (2026-01-31T12:00:00Z).',
  pdf: 'This value should be a PDF document in base64.',
  duplicate: 'This value appears twice.',
  decimalRange: (max: string) => `This value should be between -${max} and ${max}.`,
  timeRange: 'This value should be a time from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z.',
  componentsTotal: "The components' charges should add up to between -9999999999.99 and 9999999999.99.",
  unstorable: 'This item holds a value the portal cannot store.',
  currency: 'This value should be an ISO 4217 currency code (USD, EUR).',
  accountCurrency: (currency: string) => `This value should be the account's currency (${currency}).`,
  notInCollection: (collection: string) => `This field is not part of the ${collection} collection.`,
  text: 'This value should be text.',
  number: 'This value should be a number.',
  alsoItem: (position: number) => `Also item ${position} of this batch.`,
  maxlength: (max: number) => `This value is too long: it should have ${max} characters or fewer.`,
  positive: 'This value should be more than 0.',
  beyondOpen: (open: string) =>
    `This payment is more than the invoice's open amount (${open}): send the surplus without invoice_number, as a credit.`,
  future: 'This value should not be in the future.',
  dueBeforeBill: 'This value should be on or after bill_date.',
  billAhead: (days: number) => `This value should be at most ${days} days after today.`,
  chargesTotal: (sum: string) => `This value should be the sum of ${chargeFields} (${sum}).`,
} as const;
const im = integrationMessages;

/** A text field of an item: a value of another type says so, an over-long one names its maximum. */
const requiredText = (max = 255) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? m.required : im.text) })
    .trim()
    .min(1, m.required)
    .max(max, im.maxlength(max));
const optionalText = (max = 255) => z.string({ error: im.text }).trim().max(max, im.maxlength(max)).optional();

/**
 * An item's object: a field it does not know is refused, never dropped in silence (the batch service
 * names the collection in the message).
 */
const fields = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape);

/** The largest value of a PostgreSQL numeric with `whole` digits before the point and `scale` after it. */
const largest = (whole: number, scale: number) => `${'9'.repeat(whole)}.${'9'.repeat(scale)}`;

/**
 * A decimal sent as a JSON number or string, returned as a string with exactly `scale` decimals. `whole`
 * is how many digits the column it is written to holds before the point (numeric(14,2): 12), so a value
 * the column cannot hold is this field's error, never the database's.
 */
export const decimal = (scale: number, whole = 12) =>
  z
    .union(
      [
        z.number(),
        // The pattern is for the API description; the transform below is the rule (and its message).
        z
          .string()
          .max(40, im.maxlength(40))
          .meta({ pattern: `^\\s*-?\\d{1,${whole}}(\\.\\d{1,${scale}})?\\s*$` }),
      ],
      {
        error: (issue) =>
          issue.input === undefined
            ? m.required
            : typeof issue.input === 'number' || typeof issue.input === 'string'
              ? im.decimal(scale)
              : im.number,
      },
    )
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? String(value) : value.trim();
      const match = new RegExp(`^(-?)(\\d{1,40})(?:\\.(\\d{1,${scale}}))?$`).exec(text);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: im.decimal(scale) });
        return z.NEVER;
      }
      const [, sign, digits, fraction = ''] = match;
      const integer = BigInt(digits as string).toString();
      if (integer.length > whole) {
        ctx.addIssue({ code: 'custom', message: im.decimalRange(largest(whole, scale)) });
        return z.NEVER;
      }
      const fixed = `${integer}.${fraction.padEnd(scale, '0')}`;
      return /[1-9]/.test(fixed) ? `${sign}${fixed}` : fixed;
    });
/** Money in a numeric(14,2) column (invoices' figures, payments). */
export const amount = decimal(2);
/** Money with 2 decimals in a numeric(14,4) column (order components' and invoice lines' charges). */
export const charge = decimal(2, 10);
/** A rate in a numeric(18,6) column. */
export const rate = decimal(6);
/** A quantity in a numeric(14,4) column. */
export const quantity = decimal(4, 10);

/** A calendar date, YYYY-MM-DD. */
export const isoDate = z
  .string({ error: im.date })
  .max(10, im.date)
  .refine((value) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
    const date = new Date(`${value}T00:00:00Z`);
    // The calendar has no year 0 (nor does PostgreSQL's): 0000-01-01 is not a date.
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && !value.startsWith('0000');
  }, im.date)
  .meta({ format: 'date' });

/** An RFC 3339 time with its offset, returned in UTC (millisecond ISO form). */
export const rfc3339 = z
  .string({ error: im.time })
  .max(40, im.time)
  .refine(
    (value) =>
      /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/.test(value) &&
      !Number.isNaN(Date.parse(value)),
    im.time,
  )
  .meta({ format: 'date-time' })
  .transform((value) => new Date(value).toISOString())
  // In UTC, an offset can move a time of year 0001 or 9999 out of the four-digit years the canonical form
  // (and PostgreSQL's timestamptz input of it) takes.
  .refine((utc) => /^\d{4}-/.test(utc) && !utc.startsWith('0000'), im.timeRange);

/** The ISO 4217 codes Intl knows (its list is the standard's current codes). */
const currencyCodes = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 currency code, in capitals (EUR). */
export const currencyCode = z
  .string({ error: im.currency })
  .max(3, { error: im.currency, abort: true })
  .refine((value) => currencyCodes.has(value), im.currency)
  .meta({ pattern: '^[A-Z]{3}$' });

const flag = (fallback: boolean) => z.boolean({ error: m.type }).default(fallback);
const key = (max = 64) => requiredText(max);
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item, { error: m.type }).max(max, m.maxcheck(max));
const unique = <T>(items: T[], keyOf: (item: T) => string) => new Set(items.map(keyOf)).size === items.length;

const teamMember = fields({
  email_nm: email,
  first_nm: requiredText(100),
  last_nm: requiredText(100),
  team_title: requiredText(100),
  phones: list(requiredText(40), 5).default([]),
});

export const accountItem = fields({
  account_number: key(),
  name: requiredText(200),
  company: key(100),
  require_pin: flag(false),
  is_2fa_required: flag(false),
  account_status_cd: z.enum(['A', 'P', 'D'], { error: m.type }).default('A'),
  is_active: flag(true),
  /** The currency of every amount of the account: its orders, invoices and payments. */
  currency: currencyCode.default('USD'),
  team: list(teamMember, 20)
    .default([])
    .refine((team) => unique(team, (t) => t.email_nm), im.duplicate),
});

export const userItem = fields({
  email_nm: email,
  first_nm: requiredText(100),
  last_nm: requiredText(100),
  accounts: list(fields({ account_number: key(), is_account_admin: flag(false) }), 500)
    .default([])
    .refine((accounts) => unique(accounts, (a) => a.account_number), im.duplicate),
  /**
   * Mail the set-password invitation to a user this item creates, once the batch is in. Without it the user
   * is loaded only: staff invite every loaded user who never signed in when the provider is ready.
   */
  send_invitation: flag(false),
});

export const productItem = fields({
  product_cd: key(32),
  product: requiredText(200),
  short_product_name: requiredText(100),
  product_group: requiredText(100),
  product_controller: requiredText(32),
  active: flag(true),
});

const component = fields({
  component_key: key(),
  description: requiredText(200),
  unit_of_measure: optionalText(40),
  quantity: quantity.prefault(1),
  rate: rate.optional(),
  mrc_charges: charge.prefault(0),
});

/** The largest monthly charge an order holds (orders.mrc_charges, numeric(14,4)), in hundredths. */
const largestOrderCharge = 10n ** 12n - 1n;
const hundredths = (value: string) => BigInt(value.replace('.', ''));

export const orderItem = fields({
  order_number: key(),
  account_number: key(),
  product_cd: key(32),
  circuit_id: optionalText(100),
  customer_reference: optionalText(100),
  order_status_cd: z.enum(['A', 'P', 'D'], { error: m.type }).default('A'),
  contract_start: isoDate.optional(),
  term_cd: optionalText(32),
  /** The email of an account team member. */
  project_manager: email.optional(),
  components: list(component, 200)
    .default([])
    .refine((components) => unique(components, (c) => c.component_key), im.duplicate)
    // The order's monthly charge is their sum (orders.repository.ts): it must fit its column too.
    .refine((components) => {
      const sum = components.reduce((total, c) => total + hundredths(c.mrc_charges), 0n);
      return sum <= largestOrderCharge && sum >= -largestOrderCharge;
    }, im.componentsTotal),
});

/** Base64 of a PDF, at most 10 MB decoded. */
const pdfBase64 = z
  .string({ error: im.pdf })
  .max(14_000_000, im.maxlength(14_000_000))
  .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.startsWith('JVBERi0'), im.pdf)
  .meta({ format: 'byte' });

const invoiceLine = fields({
  product_cd: key(32),
  order_number: key().optional(),
  description: optionalText(200),
  price: charge,
});

const zero = amount.prefault(0);
export const invoiceItem = fields({
  invoice_number: key(),
  account_number: key(),
  bill_date: isoDate,
  due_date: isoDate,
  monthly_charges: zero,
  late_payment_charges: zero,
  adjustments: zero,
  taxes_fees_other: zero,
  governmental_charges: zero,
  balance_forward: zero,
  total_amt_due: amount,
  /** The account's currency (stated to be checked: an invoice in another one is refused). */
  currency: currencyCode.optional(),
  lines: list(invoiceLine, 1000).default([]),
  pdf: pdfBase64.optional(),
});

export const paymentItem = fields({
  payment_reference: key(),
  account_number: key(),
  paid_at: rfc3339,
  amount,
  /** The account's currency (stated to be checked: a payment in another one is refused). */
  currency: currencyCode.optional(),
  invoice_number: key().optional(),
});

export const notificationItem = fields({
  external_id: key(),
  kind: z.enum(['maintenance', 'outage'], { error: m.type }),
  subject: requiredText(200),
  service_affecting: flag(false),
  description_of_work: requiredText(5000),
  scheduled_event: optionalText(200),
  area: optionalText(200),
  ticket_number: key(),
  duration_of_interruption: optionalText(100),
  window_start_time: rfc3339,
  window_end_time: rfc3339,
  circuits_affected: optionalText(2000),
  /** The provider called the work off: the notice stays, its calendar event says STATUS:CANCELLED. */
  cancelled: flag(false),
  account_numbers: list(key(), 1000)
    .min(1, m.mincheck(1))
    .refine((numbers) => unique(numbers, (n) => n), im.duplicate),
  order_numbers: list(key(), 1000)
    .default([])
    .refine((numbers) => unique(numbers, (n) => n), im.duplicate),
});

export const outageItem = fields({
  external_id: key(),
  message: requiredText(500),
  active: flag(true),
});

const ticketMessage = fields({
  external_id: key(),
  author_name: requiredText(200),
  from_provider: flag(true),
  body: requiredText(20_000),
  created_at: rfc3339,
});

export const ticketItem = fields({
  ticket_number: key(),
  account_number: key(),
  order_number: key().optional(),
  subject: requiredText(200),
  status: requiredText(50),
  request_customer_response: flag(false),
  messages: list(ticketMessage, 1000)
    .default([])
    .refine((messages) => unique(messages, (x) => x.external_id), im.duplicate),
});

/** A whole number of units (bytes, objects): never negative, exact as a JSON number (a bigint column). */
const count = z
  .number({ error: m.integer })
  .int(m.integer)
  .min(0, m.min(0))
  .max(Number.MAX_SAFE_INTEGER, m.max(Number.MAX_SAFE_INTEGER));
/** A whole number of units in an integer column (CPUs, backups, snapshots). */
const smallCount = z.number({ error: m.integer }).int(m.integer).min(0, m.min(0)).max(2147483647, m.max(2147483647));

/**
 * The objects a product page shows, one kind each, with the attributes the page needs (decision 094).
 * object_key is the value of the `object_key` label of the object's series (modules/metrics/catalogue.ts).
 */
const productObject = <K extends string, A extends z.ZodType, O extends z.ZodType>(
  kind: K,
  objectKey: O,
  attributes: A,
) => fields({ order_number: key(), kind: z.literal(kind), object_key: objectKey, attributes });
const objectKey = requiredText(200);
/** A network interface's key: the SNMP ifIndex as the network page addresses it (interfaceId), in its one decimal spelling. */
const interfaceKey = z
  .string({ error: m.required })
  .trim()
  .max(10, m.digits)
  .regex(/^(0|[1-9]\d{0,8})$/, m.digits);

/** A zone is a DNS domain: lower-case labels of letters, digits and hyphens, joined by dots. */
const zoneName = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(253, im.maxlength(253))
  .regex(/^(?=[^.]{1,63}(\.|$))[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/, m.type);

const securityZoneAttributes = fields({
  dns_records: list(
    fields({
      dns_type: z.enum(['A', 'AAAA', 'CNAME', 'MX', 'NS', 'SRV', 'TXT', 'CAA'], { error: m.type }),
      dns_name: requiredText(253),
      content: requiredText(2048),
      proxied: flag(false),
    }),
    1000,
  ).default([]),
  /** Threats stopped per threat code over the provider's last 30 days. */
  threat_types: list(fields({ threat_type: key(64), amount: count }), 100)
    .default([])
    .refine((types) => unique(types, (t) => t.threat_type), im.duplicate),
  /** Threats stopped per country over the provider's last 30 days. */
  threat_countries: list(
    fields({
      country_code: z
        .string({ error: m.required })
        .trim()
        .max(2, { error: m.type, abort: true })
        .regex(/^[A-Z]{2}$/, m.type),
      country_name: requiredText(100),
      amount: count,
    }),
    300,
  )
    .default([])
    .refine((countries) => unique(countries, (c) => c.country_code), im.duplicate),
  /** The latest firewall events. */
  firewall_events: list(
    fields({
      occurred_at: rfc3339,
      action: requiredText(40),
      ip: requiredText(45),
      country_name: requiredText(100),
      host: requiredText(253),
    }),
    100,
  ).default([]),
});

export const productObjectItem = z.discriminatedUnion(
  'kind',
  [
    productObject(
      'network_interface',
      interfaceKey,
      fields({
        name: requiredText(100),
        alias: optionalText(200),
        snmpiftype: z.number({ error: m.integer }).int(m.integer).min(1, m.min(1)).max(2147483647, m.integer),
        speed_bps: count,
      }),
    ),
    productObject('storage_bucket', objectKey, fields({ size_bytes: count, num_objects: count })),
    productObject('resource_pool_vm', objectKey, fields({ memory_bytes: count, number_of_cpus: smallCount })),
    productObject('storage_profile', objectKey, fields({}).prefault({})),
    productObject('managed_backup', objectKey, fields({ title: requiredText(200) })),
    // Endpoint backup (decision 097): an agent client keyed by its name, an image-backed machine by its
    // VM name, each with the provider's latest report of it; what changes day by day (protected bytes,
    // backups, snapshots) is series labelled with the same key.
    productObject(
      'endpoint_agent',
      objectKey,
      fields({
        os: requiredText(100),
        agent_version: requiredText(40),
        total_bytes_protected: count,
        backup_count: smallCount,
        failed_backup_count: smallCount,
        last_backup: rfc3339.nullish().transform((v) => v ?? null),
        last_backup_status: z
          .enum(['ok', 'warning', 'error'], { error: m.type })
          .nullish()
          .transform((v) => v ?? null),
      }),
    ),
    productObject(
      'endpoint_image_machine',
      objectKey,
      fields({
        os: requiredText(100),
        total_local_storage_bytes: count,
        total_snapshots: smallCount,
        missed_snapshots: smallCount,
        last_snapshot: rfc3339.nullish().transform((v) => v ?? null),
        last_snapshot_status: z
          .enum(['ok', 'warning', 'error'], { error: m.type })
          .nullish()
          .transform((v) => v ?? null),
      }),
    ),
    // A web and app security zone (decision 095): its lists are attributes (the provider's latest
    // report); its requests, bandwidth, threats and visitors are series labelled with the zone name.
    productObject('security_zone', zoneName, securityZoneAttributes),
    // Disaster recovery (decision 096): a protection group keyed by its name, a VM by the provider's VM id;
    // what changes day by day (RPO, storage, journal) is series, not attributes.
    productObject(
      'dr_protection_group',
      objectKey,
      fields({
        configured_rpo_seconds: z.number({ error: m.integer }).int(m.integer).min(1, m.min(1)).max(86400, m.max(86400)),
        status: z.enum(vpgStatuses, { error: m.type }),
        last_test: rfc3339.nullish().transform((v) => v ?? null),
      }),
    ),
    productObject('dr_vm', objectKey, fields({ vm_name: requiredText(200), vpg: requiredText(200) })),
  ],
  { error: m.type },
);

export const snmpMessages = {
  address: 'This value should be an IP address or a host name.',
  community: 'A version 2c device needs its community.',
  v3: 'A version 3 device needs its v3 settings.',
  onlyOne: 'Give if_name or if_index, not both.',
  oneOf: 'Give if_name or if_index.',
  authFirst: 'Privacy needs authentication (auth_protocol).',
  keyLength: 'A v3 key has at least 8 characters.',
} as const;
const sm = snmpMessages;

export const snmpAuthProtocols = ['md5', 'sha', 'sha224', 'sha256', 'sha384', 'sha512'] as const;
export const snmpPrivProtocols = ['des', 'aes', 'aes256b', 'aes256r'] as const;
/** Shortest poll interval, and the default one (seconds). */
export const snmpMinInterval = 5;
export const snmpDefaultInterval = 60;

/** An IPv4 or IPv6 address or a DNS host name. */
const hostAddress = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(253, m.maxlength)
  .refine(
    (v) =>
      /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(v) ||
      (/^[0-9a-fA-F:.]+$/.test(v) && v.includes(':') && URL.canParse(`http://[${v}]/`)) ||
      /^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(
        v,
      ),
    sm.address,
  );
const v3Key = z.string({ error: m.required }).min(8, sm.keyLength).max(200, m.maxlength);

const snmpInterface = z
  .object({
    if_name: requiredText(100).optional(),
    if_index: z.number({ error: m.integer }).int(m.integer).min(1, m.min(1)).max(2147483647, m.integer).optional(),
    order_number: key(),
    object_key: interfaceKey,
  })
  .superRefine((i, ctx) => {
    if (i.if_name !== undefined && i.if_index !== undefined)
      ctx.addIssue({ code: 'custom', path: ['if_index'], message: sm.onlyOne });
    if (i.if_name === undefined && i.if_index === undefined)
      ctx.addIssue({ code: 'custom', path: ['if_name'], message: sm.oneOf });
  });

/** v3 settings; the item requires the key of each protocol it names (the staff form may leave held ones out). */
export const snmpV3 = z.object({
  user: requiredText(100),
  auth_protocol: z.enum(snmpAuthProtocols, { error: m.type }).optional(),
  auth_key: v3Key.optional(),
  priv_protocol: z.enum(snmpPrivProtocols, { error: m.type }).optional(),
  priv_key: v3Key.optional(),
});

/** The fields of an SNMP device (issue 13); secrets optional here, the item requires those its version needs. */
export const snmpDeviceFields = z.object({
  device_key: key(),
  address: hostAddress,
  port: z.number({ error: m.integer }).int(m.integer).min(1, m.min(1)).max(65535, m.max(65535)).default(161),
  version: z.enum(['2c', '3'], { error: m.type }),
  community: z.string({ error: m.type }).min(1, m.required).max(200, m.maxlength).optional(),
  v3: snmpV3.optional(),
  interval_seconds: z
    .number({ error: m.integer })
    .int(m.integer)
    .min(snmpMinInterval, m.min(snmpMinInterval))
    .max(86400, m.max(86400))
    .default(snmpDefaultInterval),
  interfaces: list(snmpInterface, 500)
    .min(1, m.mincheck(1))
    .refine((list) => unique(list, (i) => `${i.order_number}\u0000${i.object_key}`), im.duplicate),
});

export const snmpDeviceItem = snmpDeviceFields.strict().superRefine((d, ctx) => {
  if (d.version === '2c' && d.community === undefined)
    ctx.addIssue({ code: 'custom', path: ['community'], message: sm.community });
  if (d.version === '3' && d.v3 === undefined) ctx.addIssue({ code: 'custom', path: ['v3'], message: sm.v3 });
  const v = d.v3;
  if (d.version !== '3' || !v) return;
  if (v.auth_protocol && !v.auth_key) ctx.addIssue({ code: 'custom', path: ['v3', 'auth_key'], message: m.required });
  if (v.priv_protocol && !v.priv_key) ctx.addIssue({ code: 'custom', path: ['v3', 'priv_key'], message: m.required });
  if (v.priv_protocol && !v.auth_protocol)
    ctx.addIssue({ code: 'custom', path: ['v3', 'priv_protocol'], message: sm.authFirst });
});

/** A held secret is sent only to the target it was saved for: a new target needs it given again. */
export const secretForTargetMessage = 'Give this again: a saved secret is sent only to the address it was saved for.';

export const prometheusMessages = {
  url: 'This value should be an http or https URL without credentials, query or fragment.',
  secretForTarget: secretForTargetMessage,
  oneAuth: 'Give a bearer token or basic auth, not both.',
  metric: 'This value should be a metric name (letters, digits, _ and :).',
  notOnPage: "This series is not shown on this order's product page.",
  objectNeeded: 'This series needs the key of its object.',
  noObject: 'This series measures the whole order: leave object_key empty.',
  taken: (sourceKey: string) => `Source ${sourceKey} already answers this series.`,
  noOrder: 'No order has this number.',
} as const;

/** The base URL of a Prometheus-compatible server; the portal appends /api/v1/query_range. */
const sourceUrl = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(500, m.maxlength)
  .refine((v) => {
    if (!URL.canParse(v)) return false;
    const url = new URL(v);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !url.username &&
      !url.password &&
      // Also an empty query or fragment (a trailing ? or #): the URL API keeps them in href.
      !/[?#]/.test(url.href)
    );
  }, prometheusMessages.url)
  .transform((v) => v.replace(/\/+$/, ''))
  .meta({ format: 'uri' });

/** One series of an order that a source answers instead of stored points: the expression is used as is. */
const prometheusSeries = fields({
  order_number: key(),
  metric: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .max(100, m.maxlength)
    .regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, prometheusMessages.metric),
  /** The value of the metric's object label (object_key, or component_key for usage); empty for an order-wide metric. */
  object_key: z.string({ error: m.type }).trim().max(200, m.maxlength).default(''),
  promql: requiredText(4000),
});

/**
 * A Prometheus-compatible source (Prometheus, Thanos, Mimir, VictoriaMetrics) and the order series it
 * answers (issue 13, decision 101). The token or password is kept sealed and never listed.
 */
export const prometheusSourceItem = z
  .object({
    source_key: key(),
    url: sourceUrl,
    bearer_token: z.string({ error: m.type }).min(1, m.required).max(4000, m.maxlength).optional(),
    basic_auth: z
      .object({
        username: requiredText(200),
        password: z.string({ error: m.required }).min(1, m.required).max(1000, m.maxlength),
      })
      .optional(),
    series: list(prometheusSeries, 500).refine(
      (list) => unique(list, (s) => `${s.order_number}\u0000${s.metric}\u0000${s.object_key}`),
      im.duplicate,
    ),
  })
  .superRefine((s, ctx) => {
    if (s.bearer_token !== undefined && s.basic_auth !== undefined)
      ctx.addIssue({ code: 'custom', path: ['bearer_token'], message: prometheusMessages.oneAuth });
  });

/** Each collection: its item schema, its key field and the token scope it needs. */
export const collections = {
  accounts: { item: accountItem, key: 'account_number', scope: 'accounts' },
  users: { item: userItem, key: 'email_nm', scope: 'accounts' },
  products: { item: productItem, key: 'product_cd', scope: 'orders' },
  orders: { item: orderItem, key: 'order_number', scope: 'orders' },
  invoices: { item: invoiceItem, key: 'invoice_number', scope: 'billing' },
  payments: { item: paymentItem, key: 'payment_reference', scope: 'billing' },
  notifications: { item: notificationItem, key: 'external_id', scope: 'notifications' },
  outages: { item: outageItem, key: 'external_id', scope: 'notifications' },
  tickets: { item: ticketItem, key: 'ticket_number', scope: 'tickets' },
  'product-objects': { item: productObjectItem, key: 'object_key', scope: 'orders' },
  'snmp-devices': { item: snmpDeviceItem, key: 'device_key', scope: 'metrics' },
  'prometheus-sources': { item: prometheusSourceItem, key: 'source_key', scope: 'metrics' },
} as const;
export type CollectionName = keyof typeof collections;
export const collectionNames = Object.keys(collections) as CollectionName[];

export type AccountItem = z.output<typeof accountItem>;
export type UserItem = z.output<typeof userItem>;
export type ProductItem = z.output<typeof productItem>;
export type OrderItem = z.output<typeof orderItem>;
export type InvoiceItem = z.output<typeof invoiceItem>;
export type PaymentItem = z.output<typeof paymentItem>;
export type NotificationItem = z.output<typeof notificationItem>;
export type OutageItem = z.output<typeof outageItem>;
export type TicketItem = z.output<typeof ticketItem>;
export type ProductObjectItem = z.output<typeof productObjectItem>;
export type SnmpDeviceItem = z.output<typeof snmpDeviceItem>;
export type PrometheusSourceItem = z.output<typeof prometheusSourceItem>;
