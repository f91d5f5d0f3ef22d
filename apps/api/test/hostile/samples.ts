import type { Call } from '@portal/contract';

import type { TestApp } from '../helpers/test-app.ts';
import { fieldName, inputSchema, variants, type FieldPath, type JsonSchema } from './contract-kit.ts';
import { pinResetKey, uploadFile, type World } from './world.ts';

/**
 * A valid input for every call of the contract, built from its schema and the data of one demo
 * company: object ids come from `idSources` (by field name), other values from their schema.
 * samples.test.ts proves each one passes the call's own input schema.
 */

/**
 * Calls an account administrator makes about the accounts they administer and their users (spec
 * section 6): a customer who administers nothing gets FORBIDDEN (roles.test.ts, which also proves the
 * list complete: every other call lets such a customer through).
 */
export const accountAdminCalls = new Set([
  'accounts.updateAccounts',
  'apiTokens.createToken',
  'apiTokens.revokeToken',
  'audit.exportEntries',
  'audit.getEntries',
  'audit.getEntryUsers',
  'payments.removeMethod',
  'payments.setAutopay',
  'payments.setDefaultMethod',
  'payments.startSetup',
  'users.addExistingUser',
  'users.addNewUser',
  'users.deleteUser',
  'users.getUser',
  'users.getUsers',
  'users.getInvitations',
  'users.cancelInvitation',
  'users.sendPasswordReset',
  'users.updateUser',
]);

export interface SampleContext {
  t: TestApp;
  world: World;
  call: Call;
}
type Source = (ctx: SampleContext) => unknown;

/** The sign-in of a company that makes a call: its administrator for users-area calls, else its user. */
export const callerOf = (world: World, call: Call) => (accountAdminCalls.has(call.id) ? world.admin : world.user);

/** The account a call is about: one its caller administers, uses, or that has a compliance PIN. */
const accountFor = ({ world, call }: SampleContext) =>
  call.path.startsWith('/pins/')
    ? world.pinAccount
    : accountAdminCalls.has(call.id)
      ? world.adminAccount
      : world.account;

/** The order a call is about: for a product page (/orders-ob/..., /network/...) an order of that product. */
function orderFor({ world, call }: SampleContext) {
  const segment = call.path.split('/')[1] as string;
  const controller = segment.startsWith('orders-') ? segment.slice('orders-'.length) : segment.replace(/s$/, '');
  return world.controllers.includes(controller) ? world.productOrders[controller] : world.order;
}

/**
 * Where a value of each field that names an object comes from, by field name (or "call-id field").
 * undefined means the company has no such object. cross-tenant.test.ts swaps each of these for
 * another company's; a field that looks like an id and is in neither this table nor the not-applicable
 * lists fails that test.
 */
export const idSources: Record<string, Source> = {
  accountId: accountFor,
  account_id: accountFor,
  cycleLogId: ({ world }) => world.invoice,
  baseOrderId: orderFor,
  base_order_id: orderFor,
  interfaceId: ({ world }) => world.networkInterface?.id,
  customerOrderComponentId: ({ world }) => world.usageComponent?.id,
  resourceId: ({ world }) => world.bsResource?.id,
  clientName: ({ world }) => world.ebAgent?.id,
  vmName: ({ world }) => world.ebImage?.id,
  vpgId: ({ world }) => world.drVpg?.id,
  vmId: ({ world }) => world.drVm?.id,
  zoneId: ({ world }) => world.ddZone?.id,
  // Portal content, the same for every company (not applicable to the cross-tenant test).
  'resources.getResource resourceId': () => 1,
  ticketId: ({ world }) => world.ticket,
  attachmentId: ({ world }) => world.attachment,
  // Online payments (with a provider only): a saved method, a payment's reference, an open invoice.
  methodId: ({ world }) => world.payments?.method,
  'payments.getPayment reference': ({ world }) => world.payments?.reference,
  'payments.startCheckout cycleLogId': ({ world }) => world.payments?.openInvoice,
  // A fresh upload of the caller's (an upload is taken by the first ticket or reply that uses it).
  attachment_ids: async ({ t, world, call }) => [await uploadFile(t, callerOf(world, call).token)],
  notificationId: ({ world }) => world.notification,
  userId: ({ world }) => world.member.id,
  invitationId: ({ world }) => world.invitation,
  email: ({ world }) => world.member.email,
  'apiTokens.createToken account_ids': ({ world }) => [world.adminAccount],
  // A fresh API token of the company's administrator (revoking takes it away).
  'apiTokens.revokeToken id': async ({ t, world }) =>
    (
      (
        await t.call('POST', '/api/api-tokens/create-token', {
          token: world.admin.token,
          body: { name: 'hostile', account_ids: [world.adminAccount], scopes: ['invoices:read'], expires_in_days: 1 },
        })
      ).body.data as { api_token: { id: number } }
    ).api_token.id,
  'pins.resetPin reset_key': async ({ t, world }) =>
    world.pinAccount && pinResetKey(t, world.user.token, world.user.email, world.pinAccount),
};

export const sourceOf = (call: Call, name: string): Source | undefined =>
  idSources[`${call.id} ${name}`] ?? idSources[name];

const now = () => Math.floor(Date.now() / 1000);
const password = 'Sample-Passphrase-42';

/** Valid values of other fields, by name, where the schema alone does not give one. */
const namedValues: Record<string, () => unknown> = {
  startDate: () => now() - 30 * 86400,
  start: () => now() - 30 * 86400,
  endDate: () => now(),
  end: () => now(),
  passwd: () => password,
  confirm: () => password,
  password: () => password,
  current_password: () => 'not-the-password',
  currentPassword: () => 'not-the-password',
  email_nm: () => 'hostile.sample@example.com',
  contact_email: () => 'hostile.sample@example.com',
  account_number: () => '1000999',
  hash: () => 'sample-hash',
  reset_key: () => 'sample-key',
  key: () => 'sample-key',
  passcode: () => '123456',
  secretKey: () => 'A'.repeat(32),
  file: () => '1.svg',
  scopes: () => ['all'],
  // Integration items: dates, times, amounts, lists of keys.
  bill_date: () => '2026-01-31',
  due_date: () => '2026-02-28',
  contract_start: () => '2026-01-01',
  paid_at: () => '2026-01-31T12:00:00Z',
  window_start_time: () => '2026-01-31T12:00:00Z',
  window_end_time: () => '2026-01-31T14:00:00Z',
  created_at: () => '2026-01-31T12:00:00Z',
  account_numbers: () => ['1000101'],
  project_manager: () => 'hostile.sample@example.com',
};

/**
 * Inputs of calls whose rules the schema cannot express (an access level on an administered account),
 * or whose plain sample would change who the caller is (their password, email or accounts): those
 * are sent in a form the call refuses, so a file's other tests keep their sign-ins.
 */
/** A week of an interface's received octets, hourly (the customer's usage export). */
const seriesExport = (world: World) => {
  const end = Math.floor(Date.now() / 1000);
  return {
    baseOrderId: world.networkInterface?.order,
    metric: 'if_in_octets',
    object: world.networkInterface ? String(world.networkInterface.id) : undefined,
    start: end - 7 * 86400,
    end,
    step: 3600,
  };
};

const callInputs: Record<string, (ctx: SampleContext) => Record<string, unknown>> = {
  'users.addNewUser': ({ world }) => ({
    email_nm: `hostile-new-${world.adminAccount}@example.com`,
    first_nm: 'Hostile',
    last_nm: 'Sample',
    accounts: [{ account_id: world.adminAccount, access_level: 1 }],
  }),
  'users.addExistingUser': ({ world }) => ({
    email_nm: world.member.email,
    accounts: [{ account_id: world.adminAccount, access_level: 1 }],
  }),
  'users.updateUser': ({ world }) => ({
    userId: world.member.id,
    accounts: [{ account_id: world.adminAccount, access_level: 1 }],
  }),
  'accounts.updateAccounts': ({ world }) => ({ accounts: [{ account_id: world.adminAccount }] }),
  'accounts.removeAccounts': ({ world }) => ({ accounts: [{ account_id: world.account }] }),
  'users.updateProfile': ({ world }) => ({
    email_nm: world.user.email,
    first_nm: 'Hostile',
    last_nm: 'Sample',
    passwd: 'not-the-password',
  }),
  'integration.createToken': () => ({ name: 'hostile', scopes: ['all'] }),
  'provider.saveProfile': () => ({
    portal_name: 'Hostile Hub',
    company_name: 'Hostile Networks AS',
    postal_address: 'Strandkaien 12',
    tax_id: 'NO 987 654 321 MVA',
    website: 'https://hostile.example.org',
    support_email: 'help@hostile.example.org',
    support_phone: '+47 55 00 00 00',
    billing_email: 'billing@hostile.example.org',
    billing_phone: '+47 55 00 00 01',
    primary_color: '#0b3d2e',
    accent_color: '#7a1f5c',
  }),
  'apiTokens.createToken': ({ world }) => ({
    name: 'hostile',
    account_ids: [world.adminAccount],
    scopes: ['invoices:read'],
    expires_in_days: 1,
  }),
  'payments.startCheckout': ({ world }) => ({
    accountId: world.account,
    cycleLogId: world.payments?.openInvoice,
    amount: 1,
    currency: world.payments?.currency,
  }),
  'metrics.exportSeries': ({ world }) => seriesExport(world),
  'metrics.downloadSeries': ({ world }) => seriesExport(world),
  // An SNMP device: an interface is named by if_name or if_index (one of them), its key is an ifIndex.
  'snmp.saveDevice': () => ({
    device_key: 'hostile-device',
    address: '192.0.2.1',
    version: '2c',
    community: 'hostile',
    interfaces: [{ if_index: 1, order_number: 'ORD-HOSTILE', object_key: '1' }],
  }),
  'admin.addAccount': ({ world }) => ({ accountId: world.account, accessLevel: 1 }),
  'contact.inquire': () => ({
    inquiry_type: 'feedback',
    first_name: 'Hostile',
    last_name: 'Sample',
    email: 'hostile.sample@example.com',
    subject: 'Re: Customer Portal Feedback',
    inquiry: 'Sample inquiry.',
  }),
};

/** A valid value of one field: its id source, a named value, or one read from its schema. */
async function valueOf(schema: JsonSchema, name: string, ctx: SampleContext): Promise<unknown> {
  const source = sourceOf(ctx.call, name);
  if (source) return source(ctx);
  const named = namedValues[name];
  if (named) return named();
  const all = variants(schema);
  const s = all.find((v) => v.type && v.type !== 'null') ?? schema;
  if ('const' in s) return s.const;
  if (s.enum) return s.enum[0];
  if (s.type === 'integer' || s.type === 'number') return Math.max(s.minimum ?? 1, (s.exclusiveMinimum ?? 0) + 1, 1);
  if (s.type === 'boolean') return s.default ?? true;
  if (s.type === 'string') return s.pattern === '^\\d+$' ? '1' : 'sample'.slice(0, s.maxLength ?? 6);
  if (s.type === 'array') return s.minItems && s.items ? [await valueOf(s.items, name, ctx)] : [];
  if (s.type === 'object' || s.properties) return objectOf(s, ctx);
  return 'sample';
}

/** Required fields always; optional ones only when they name an object (so the id tests can swap them). */
async function objectOf(schema: JsonSchema, ctx: SampleContext): Promise<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (!required.has(name) && !sourceOf(ctx.call, name)) continue;
    out[name] = await valueOf(child, name, ctx);
  }
  return out;
}

export const idFieldValue = (input: unknown, path: FieldPath): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string | number, unknown> | undefined)?.[key], input);

/** A valid input of `call` about `world`'s objects, or the names of the fields the company has nothing for. */
export async function sampleInput(
  call: Call,
  ctx: Omit<SampleContext, 'call'>,
): Promise<{ input: Record<string, unknown>; missing: string[] }> {
  const full = { ...ctx, call };
  const input = callInputs[call.id]?.(full) ?? (await objectOf(inputSchema(call), full));
  const missing: string[] = [];
  const walk = (node: unknown, path: FieldPath) => {
    if (node === undefined) missing.push(fieldName(path));
    else if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...path, i]));
    else if (typeof node === 'object' && node !== null)
      for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(input, []);
  return { input, missing };
}
