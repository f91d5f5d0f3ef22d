import { integration, type CollectionName } from '@portal/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { setAt, toSchema, type FieldPath, type JsonSchema } from '../hostile/contract-kit.ts';
import { batch, newToken, statuses } from './kit.ts';

/**
 * A batch never loses its other items (issue 27): every numeric, date and text field of every
 * collection, read from the collection's schema, gets boundary values (the edges below, then random
 * ones from fast-check), each in an item of its own between two valid items. The batch answers
 * SUCCESS; each valid item is created; each boundary item is applied or `invalid` with its field
 * named, never a batch-wide SERVER_ERROR.
 */

const runs = Number(process.env.BOUNDARY_RUNS ?? 2);

type Item = Record<string, unknown>;
type Schema = JsonSchema & { format?: string; oneOf?: Schema[]; anyOf?: Schema[] };
type Leaf =
  | { kind: 'decimal'; scale: number }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'date' | 'time' }
  | { kind: 'text'; max: number };

/** Every alternative a schema allows (optional, nullable and union fields are anyOf or oneOf). */
const alternatives = (s: Schema): Schema[] => [s, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(alternatives)];

/** What kind of value a field holds, or undefined for the ones without boundaries (flags, enums, constants). */
function leafOf(schema: Schema): Leaf | undefined {
  const all = alternatives(schema);
  const decimal = all.map((s) => /\(\\\.\\d\{1,(\d+)\}\)/.exec(s.pattern ?? '')).find(Boolean);
  if (decimal) return { kind: 'decimal', scale: Number(decimal[1]) };
  const integer = all.find((s) => s.type === 'integer');
  if (integer) return { kind: 'integer', min: integer.minimum ?? -(2 ** 53), max: integer.maximum ?? 2 ** 53 };
  const text = all.find((s) => s.type === 'string' && s.enum === undefined && s.const === undefined);
  if (!text) return undefined;
  if (text.format === 'date') return { kind: 'date' };
  if (text.format === 'date-time') return { kind: 'time' };
  return { kind: 'text', max: text.maxLength ?? 1000 };
}

/** The leaf fields of a schema (lists by their first element), all alternatives included. */
function schemaLeaves(schema: Schema, path: FieldPath = []): { path: FieldPath; leaf: Leaf }[] {
  const all = alternatives(schema);
  const objects = all.filter((s) => s.properties);
  const array = all.find((s) => s.type === 'array' && s.items);
  if (objects.length)
    return objects.flatMap((o) =>
      Object.entries(o.properties ?? {}).flatMap(([name, child]) => schemaLeaves(child, [...path, name])),
    );
  if (array) return schemaLeaves(array.items as Schema, [...path, 0]);
  const leaf = leafOf(schema);
  return leaf ? [{ path, leaf }] : [];
}

/** The leaf fields a valid item carries, each with its schema's kind (for a union, the member it matches). */
function itemLeaves(schema: Schema, value: unknown, path: FieldPath = []): { path: FieldPath; leaf: Leaf }[] {
  if (Array.isArray(value)) {
    const items = alternatives(schema).find((s) => s.type === 'array')?.items as Schema;
    return value.length ? itemLeaves(items, value[0], [...path, 0]) : [];
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const member = alternatives(schema).find(
      (s) =>
        s.properties &&
        entries.every(
          ([k, v]) => s.properties?.[k] && (s.properties[k].const === undefined || s.properties[k].const === v),
        ),
    );
    if (!member) throw new Error(`no schema member takes the fixture at ${path.join('.')}`);
    return entries.flatMap(([k, v]) => itemLeaves(member.properties?.[k] as Schema, v, [...path, k]));
  }
  const leaf = leafOf(schema);
  return leaf ? [{ path, leaf }] : [];
}

/** The edges every field of a kind gets. */
function edges(leaf: Leaf): unknown[] {
  switch (leaf.kind) {
    case 'decimal': {
      const nines = '9'.repeat(leaf.scale);
      return [
        '0',
        '-0',
        `0.${'0'.repeat(leaf.scale - 1)}1`,
        '-1',
        `9999999999.${nines}`,
        '10000000000',
        '99999999999',
        `99999999999.${nines}`,
        '999999999999',
        `999999999999.${nines}`,
        `-999999999999.${nines}`,
        '1000000000000',
        `1.${'0'.repeat(leaf.scale)}1`,
        999999999999.99,
        1e21,
        ' 12.5 ',
      ];
    }
    case 'integer':
      return [
        ...new Set([
          leaf.min,
          leaf.max,
          leaf.min - 1,
          leaf.max + 1,
          0,
          -1,
          2147483647,
          2147483648,
          -2147483649,
          Number.MAX_SAFE_INTEGER,
          2 ** 53,
          1.5,
          1e308,
        ]),
      ];
    case 'date':
      return ['0000-01-01', '0001-01-01', '9999-12-31', '1970-01-01', '2000-02-29', '2100-02-29', '10000-01-01', ''];
    case 'time':
      return [
        '0000-01-01T00:00:00Z',
        '0000-12-31T23:59:59+00:00',
        '0001-01-01T00:00:00Z',
        '0001-01-01T00:00:00+00:01',
        '0001-01-01T00:59:59+01:00',
        '9999-12-31T23:59:59.999Z',
        '9999-12-31T23:59:59-00:01',
        '9999-12-31T01:00:00-23:59',
        '1970-01-01T00:00:00.123456789Z',
        '',
      ];
    case 'text': {
      // A document of up to 14 MB (an invoice's PDF) gets the short edges only.
      const long = leaf.max <= 50_000 ? ['x'.repeat(leaf.max), 'x'.repeat(leaf.max + 1), 'é'.repeat(leaf.max)] : [];
      return [
        '',
        ' ',
        'x',
        ...long,
        '😀'.repeat(Math.ceil(leaf.max / 2)).slice(0, 60_000),
        'a\u0000b',
        '\u0000',
        'x\ud800y',
        'x\udfffy',
        ' padded ',
      ];
    }
  }
}

/** A UTF-16 code unit of any value, NUL and lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n));
const anyInstant = fc.date({
  min: new Date('0000-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});
const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** Random values of a kind, weighted towards the column types' limits. */
function randomOf(leaf: Leaf): fc.Arbitrary<unknown> {
  switch (leaf.kind) {
    case 'decimal':
      return fc.oneof(
        fc
          .tuple(
            fc.boolean(),
            fc.bigInt({ min: 0n, max: 10n ** 13n }),
            fc.bigInt({ min: 0n, max: 10n ** BigInt(leaf.scale) - 1n }),
          )
          .map(
            ([minus, whole, fraction]) =>
              `${minus ? '-' : ''}${whole}.${fraction.toString().padStart(leaf.scale, '0')}`,
          ),
        fc.double({ noNaN: true }),
      );
    case 'integer':
      return fc.oneof(fc.integer({ min: leaf.min, max: leaf.max }), fc.maxSafeInteger(), fc.double({ noNaN: true }));
    case 'date':
      return anyInstant.map((d) => `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);
    case 'time':
      // A local time with its offset: near the ends of the range an offset moves the instant out of it.
      return fc.tuple(anyInstant, fc.integer({ min: -1439, max: 1439 })).map(([d, offset]) => {
        const local = new Date(d.getTime() + offset * 60_000);
        const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
        const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
        return `${date}T${time}${offset < 0 ? '-' : '+'}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
      });
    case 'text':
      return fc.oneof(
        fc.string({ unit: codeUnit, maxLength: Math.min(leaf.max + 2, 300) }),
        fc.string({ unit: 'grapheme', maxLength: 80 }),
        fc.constantFrom('x'.repeat(Math.min(leaf.max, 50_000)), 'x'.repeat(Math.min(leaf.max + 1, 50_001))),
      );
  }
}

// The rows the fixtures name, created in beforeAll: an account with a team member, products whose pages
// show each kind of object, their orders, an invoice and a protection group.
const controllers = ['network', 'ob', 'bs', 'resource-pool', 'dd', 'ds', 'eb'] as const;
const orderOf = (controller: (typeof controllers)[number]) => `BND-${controller.toUpperCase()}`;
const time = '2026-11-01T10:00:00Z';

/** Valid items carrying every field, one or more per collection (alternatives a single item cannot hold). */
const fixtures: Record<CollectionName, Record<string, (n: number) => Item>> = {
  accounts: {
    account: (n) => ({
      account_number: `BND-ACC-${n}`,
      name: 'Boundary account',
      company: 'BndCo',
      currency: 'USD',
      team: [
        {
          email_nm: `tm${n}@bnd.example`,
          first_nm: 'Tam',
          last_nm: 'Member',
          team_title: 'CSM',
          phones: ['+1 555 0100'],
        },
      ],
    }),
  },
  users: {
    user: (n) => ({
      email_nm: `user${n}@bnd.example`,
      first_nm: 'Bo',
      last_nm: 'User',
      accounts: [{ account_number: 'BND-A1', is_account_admin: false }],
    }),
  },
  products: {
    product: (n) => ({
      product_cd: `BNDP${n}`,
      product: 'Boundary product',
      short_product_name: 'Bnd',
      product_group: 'Bnd',
      product_controller: 'bnd',
    }),
  },
  orders: {
    order: (n) => ({
      order_number: `BND-ORD-${n}`,
      account_number: 'BND-A1',
      product_cd: 'BNDP',
      circuit_id: 'CIR-1',
      customer_reference: 'PO-1',
      contract_start: '2026-01-01',
      term_cd: '36',
      project_manager: 'pm@bnd.example',
      components: [
        {
          component_key: 'c',
          description: 'Port',
          unit_of_measure: 'port',
          quantity: '2',
          rate: '5.5',
          mrc_charges: '11.00',
        },
      ],
    }),
  },
  invoices: {
    invoice: (n) => ({
      invoice_number: `BND-INV-${n}`,
      account_number: 'BND-A1',
      bill_date: '2026-10-01',
      due_date: '2026-10-31',
      monthly_charges: '10.00',
      late_payment_charges: '0',
      adjustments: '0',
      taxes_fees_other: '0',
      governmental_charges: '0',
      balance_forward: '0',
      total_amt_due: '10.00',
      currency: 'USD',
      lines: [{ product_cd: 'BNDP', order_number: 'BND-O1', description: 'Port', price: '10.00' }],
      pdf: Buffer.from('%PDF-1.4\n').toString('base64'),
    }),
  },
  payments: {
    payment: (n) => ({
      payment_reference: `BND-PAY-${n}`,
      account_number: 'BND-A1',
      paid_at: time,
      amount: '1.00',
      currency: 'USD',
      invoice_number: 'BND-I1',
    }),
  },
  notifications: {
    notification: (n) => ({
      external_id: `BND-NOT-${n}`,
      kind: 'maintenance',
      subject: 'Router upgrade',
      description_of_work: 'Upgrade.',
      scheduled_event: 'Upgrade window',
      area: 'North',
      ticket_number: 'CHG-1',
      duration_of_interruption: '5 minutes',
      window_start_time: '2026-12-01T02:00:00Z',
      window_end_time: '2026-12-01T04:00:00Z',
      circuits_affected: 'CIR-1',
      account_numbers: ['BND-A1'],
      order_numbers: ['BND-O1'],
    }),
  },
  outages: { outage: (n) => ({ external_id: `BND-OUT-${n}`, message: 'Fiber cut' }) },
  tickets: {
    ticket: (n) => ({
      ticket_number: `BND-TT-${n}`,
      account_number: 'BND-A1',
      order_number: 'BND-O1',
      subject: 'Line down',
      status: 'Open',
      messages: [{ external_id: 'm1', author_name: 'NOC', body: 'Looking.', created_at: time }],
    }),
  },
  'product-objects': {
    network_interface: (n) => ({
      order_number: orderOf('network'),
      kind: 'network_interface',
      object_key: String(n),
      attributes: { name: 'ge-0/0/1', alias: 'uplink', snmpiftype: 6, speed_bps: 1e9 },
    }),
    storage_bucket: (n) => ({
      order_number: orderOf('ob'),
      kind: 'storage_bucket',
      object_key: `bucket-${n}`,
      attributes: { size_bytes: 1024, num_objects: 2 },
    }),
    resource_pool_vm: (n) => ({
      order_number: orderOf('resource-pool'),
      kind: 'resource_pool_vm',
      object_key: `vm-${n}`,
      attributes: { memory_bytes: 2 ** 32, number_of_cpus: 4 },
    }),
    storage_profile: (n) => ({
      order_number: orderOf('resource-pool'),
      kind: 'storage_profile',
      object_key: `profile-${n}`,
      attributes: {},
    }),
    managed_backup: (n) => ({
      order_number: orderOf('bs'),
      kind: 'managed_backup',
      object_key: `backup-${n}`,
      attributes: { title: 'Nightly' },
    }),
    endpoint_agent: (n) => ({
      order_number: orderOf('eb'),
      kind: 'endpoint_agent',
      object_key: `agent-${n}`,
      attributes: {
        os: 'Linux',
        agent_version: '1.0',
        total_bytes_protected: 1024,
        backup_count: 3,
        failed_backup_count: 0,
        last_backup: time,
        last_backup_status: 'ok',
      },
    }),
    endpoint_image_machine: (n) => ({
      order_number: orderOf('eb'),
      kind: 'endpoint_image_machine',
      object_key: `image-${n}`,
      attributes: {
        os: 'Windows',
        total_local_storage_bytes: 2048,
        total_snapshots: 5,
        missed_snapshots: 1,
        last_snapshot: time,
        last_snapshot_status: 'warning',
      },
    }),
    security_zone: (n) => ({
      order_number: orderOf('dd'),
      kind: 'security_zone',
      object_key: `z${n}.bnd.example`,
      attributes: {
        dns_records: [{ dns_type: 'A', dns_name: 'www', content: '192.0.2.1', proxied: true }],
        threat_types: [{ threat_type: 'bot', amount: 3 }],
        threat_countries: [{ country_code: 'NL', country_name: 'Netherlands', amount: 2 }],
        firewall_events: [
          { occurred_at: time, action: 'block', ip: '192.0.2.9', country_name: 'Netherlands', host: 'www' },
        ],
      },
    }),
    dr_protection_group: (n) => ({
      order_number: orderOf('ds'),
      kind: 'dr_protection_group',
      object_key: `vpg-${n}`,
      attributes: { configured_rpo_seconds: 300, status: 'meeting_sla', last_test: time },
    }),
    dr_vm: (n) => ({
      order_number: orderOf('ds'),
      kind: 'dr_vm',
      object_key: `drvm-${n}`,
      attributes: { vm_name: 'db-1', vpg: 'VPG-1' },
    }),
  },
  'snmp-devices': {
    'version 2c, interface by index': (n) => ({
      device_key: `BND-SNMP-${n}`,
      address: '192.0.2.10',
      port: 161,
      version: '2c',
      community: 'bnd-community',
      interval_seconds: 60,
      interfaces: [{ if_index: 1, order_number: orderOf('network'), object_key: '1' }],
    }),
    'version 3, interface by name': (n) => ({
      device_key: `BND-SNMP3-${n}`,
      address: 'router.bnd.example',
      version: '3',
      v3: {
        user: 'poller',
        auth_protocol: 'sha256',
        auth_key: 'auth-key-1',
        priv_protocol: 'aes',
        priv_key: 'priv-key-1',
      },
      interfaces: [{ if_name: 'ge-0/0/1', order_number: orderOf('network'), object_key: '2' }],
    }),
  },
  'prometheus-sources': {
    'bearer token': (n) => ({
      source_key: `BND-PROM-${n}`,
      url: 'http://127.0.0.1:9/prometheus',
      bearer_token: 'token-1',
      series: [
        { order_number: orderOf('dd'), metric: 'requests_total', object_key: `z${n}.bnd.example`, promql: 'vector(1)' },
      ],
    }),
    'basic auth': (n) => ({
      source_key: `BND-PROMB-${n}`,
      url: 'http://127.0.0.1:9/prometheus',
      basic_auth: { username: 'reader', password: 'secret-1' },
      series: [],
    }),
  },
};

const cases = integration.collectionNames.flatMap((collection) =>
  Object.entries(fixtures[collection]).map(([variant, item]) => ({ collection, variant, item })),
);
const nameOf = (path: FieldPath) => path.join('.');

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn(demoEmails.staff3);
  const { token } = await newToken(t, staff);
  const setUp = async (collection: CollectionName, items: Item[]) =>
    expect(statuses((await batch(t, token, collection, items)).results)).toEqual(items.map(() => 'created'));
  await setUp('accounts', [
    {
      account_number: 'BND-A1',
      name: 'Boundaries',
      company: 'BndCo',
      team: [{ email_nm: 'pm@bnd.example', first_nm: 'Pat', last_nm: 'Manager', team_title: 'PM' }],
    },
  ]);
  await setUp(
    'products',
    ['bnd', ...controllers].map((controller, i) => ({
      ...fixtures.products.product!(i),
      product_cd: i === 0 ? 'BNDP' : `BNDP-${controller}`,
      product_controller: controller,
    })),
  );
  await setUp('orders', [
    { order_number: 'BND-O1', account_number: 'BND-A1', product_cd: 'BNDP' },
    ...controllers.map((c) => ({ order_number: orderOf(c), account_number: 'BND-A1', product_cd: `BNDP-${c}` })),
  ]);
  // The invoice the payments fixture pays: open enough for every valid payment of the runs (a payment beyond
  // what an invoice has open is refused, decision 124).
  const large = '999999999999.99';
  await setUp('invoices', [
    { ...fixtures.invoices.invoice!(0), invoice_number: 'BND-I1', monthly_charges: large, total_amt_due: large },
  ]);
  await setUp('product-objects', [{ ...fixtures['product-objects'].dr_protection_group!(0), object_key: 'VPG-1' }]);
});
afterAll(() => t.close());

describe('every boundary value of every field answers applied or invalid beside valid items', () => {
  it('the fixtures carry every numeric, date and text field of every collection', () => {
    for (const collection of integration.collectionNames) {
      const schema = toSchema(integration.collections[collection].item) as Schema;
      const carried = new Set(
        Object.values(fixtures[collection]).flatMap((item) => itemLeaves(schema, item(0)).map((f) => nameOf(f.path))),
      );
      expect({
        collection,
        missing: schemaLeaves(schema)
          .map((f) => nameOf(f.path))
          .filter((f) => !carried.has(f)),
      }).toEqual({ collection, missing: [] });
    }
  });

  describe.each(cases)('$collection ($variant)', ({ collection, item }) => {
    const itemSchema = integration.collections[collection].item;
    const fields = itemLeaves(toSchema(itemSchema) as Schema, item(0));
    let token: string;
    let next = 1;
    beforeAll(async () => {
      token = (await newToken(t, staff)).token;
    });

    /** Sends each value in an item of its own between valid items; answers what went wrong (nothing, if all is well). */
    async function check(values: unknown[][]): Promise<string[]> {
      const problems: string[] = [];
      const boundary = fields.flatMap((field, f) => (values[f] ?? []).map((value) => ({ field, value })));
      // Batches of at most 1,000 items: each boundary item and the valid one before it, and one valid item last.
      for (let from = 0; from < boundary.length; from += 499) {
        const items: Item[] = [];
        const sent: ({ name: string; value: unknown; parses: boolean } | null)[] = [];
        for (const { field, value } of boundary.slice(from, from + 499)) {
          const changed = setAt(item((next += 1)), field.path, value);
          items.push(item((next += 1)), changed);
          sent.push(null, { name: nameOf(field.path), value, parses: itemSchema.safeParse(changed).success });
        }
        items.push(item((next += 1)));
        sent.push(null);
        const res = await batch(t, token, collection, items);
        if (res.status !== 200 || res.body.code !== 'SUCCESS')
          return [`${res.status} ${res.body.code} ${res.body.message}`];
        res.results.forEach((result, i) => {
          const at = sent[i];
          const shown = at && `${at.name} = ${JSON.stringify(at.value)?.slice(0, 80)}`;
          if (!at && result.status !== 'created')
            problems.push(
              `a valid item answered ${JSON.stringify(result)} (next to ${JSON.stringify(sent[i - 1] ?? sent[i + 1])})`,
            );
          const keys = Object.keys(result.errors ?? {});
          const named = keys.some((k) => at && (k === at.name || at.name.startsWith(`${k}.`)));
          // A value the schema takes may still name a row that does not exist (an account, an order):
          // that is another field's error. A value the database refused ('_') is always a miss of the schema.
          const takenBySchema = at?.parses && !keys.includes('_');
          if (at && result.status === 'invalid' && !named && !takenBySchema)
            problems.push(`${shown}: invalid without the field named: ${JSON.stringify(result.errors)}`);
        });
      }
      return problems.slice(0, 30);
    }

    it('edges, then random values from fast-check', async () => {
      const property = fc.asyncProperty(
        fc.tuple(...fields.map((f) => fc.array(randomOf(f.leaf), { minLength: 1, maxLength: 2 }))),
        async (values) => {
          const problems = await check(values);
          if (problems.length) throw new Error(problems.join('\n'));
        },
      );
      const run = await fc.check(property, {
        numRuns: runs + 1,
        examples: [[fields.map((f) => edges(f.leaf))]],
        endOnFailure: true,
      });
      // The values themselves are long (texts at their maximum length): the problems name them shortly.
      if (run.failed) throw new Error(`${(run.errorInstance as Error).message} (fast-check seed ${run.seed})`);
    }, 300_000);
  });
});

describe('totals the portal computes from several values fit their columns too', () => {
  it("an order's components past its monthly charge column; payments never past their invoice's total", async () => {
    const { token } = await newToken(t, staff);
    const { orders, payments } = { orders: fixtures.orders.order!, payments: fixtures.payments.payment! };
    const port = (key: string, mrc: string) => ({ component_key: key, description: 'Port', mrc_charges: mrc });
    const tooMuch = { ...orders(9001), components: [port('a', '9999999999.99'), port('b', '0.01')] };
    const most = { ...orders(9002), components: [port('a', '9999999999.99'), port('b', '-0.01')] };
    expect((await batch(t, token, 'orders', [orders(9000), tooMuch, most])).results).toEqual([
      { key: 'BND-ORD-9000', status: 'created' },
      {
        key: 'BND-ORD-9001',
        status: 'invalid',
        errors: { components: [integration.integrationMessages.componentsTotal] },
      },
      { key: 'BND-ORD-9002', status: 'created' },
    ]);

    // The invoice's paid column holds its total: payments beyond what it has open are refused (decision 124).
    await setUpInvoice('BND-I2');
    const paid = (n: number, amount: string) => ({ ...payments(n), amount, invoice_number: 'BND-I2' });
    expect(
      (await batch(t, token, 'payments', [paid(9000, '999999999999.99'), paid(9001, '10.00'), paid(9002, '-5.00')]))
        .results,
    ).toEqual([
      {
        key: 'BND-PAY-9000',
        status: 'invalid',
        errors: { amount: [integration.integrationMessages.beyondOpen('10.00 USD')] },
      },
      { key: 'BND-PAY-9001', status: 'created' },
      { key: 'BND-PAY-9002', status: 'invalid', errors: { amount: [integration.integrationMessages.positive] } },
    ]);
    const invoice = await t.db.one(`SELECT amount_paid::text AS paid FROM invoices WHERE invoice_number = 'BND-I2'`);
    expect(invoice).toEqual({ paid: '10.00' });
  });

  async function setUpInvoice(number: string) {
    const { token } = await newToken(t, staff);
    const res = await batch(t, token, 'invoices', [{ ...fixtures.invoices.invoice!(0), invoice_number: number }]);
    expect(statuses(res.results)).toEqual(['created']);
  }
});
