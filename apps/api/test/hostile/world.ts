import { DEMO_COMPANIES } from '../../src/seed/demo.ts';
import type { StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { testCards } from '../helpers/stripe-stand-in.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { solveCaptcha } from '../identity/helpers.ts';
import { multipartBody, samples } from '../tickets/multipart.ts';

/**
 * One demo company as the hostile tests see it: its sign-ins and an object of each kind it owns, read
 * from the seeded database (a member and an attached file are added through the API, as a customer
 * would). A field is undefined when the company has no such object.
 */
export interface World {
  company: string;
  /** A sign-in of the company that uses its accounts (the first demo member). */
  user: { email: string; token: string };
  /** A sign-in that administers the company's first account. */
  admin: { email: string; token: string };
  /** An account `user` uses (without administering it, where the company has one). */
  account: number;
  /** An account `admin` administers. */
  adminAccount: number;
  pinAccount: number | undefined;
  /** A downloadable invoice of `account`. */
  invoice: number | undefined;
  /** An order of `account`. */
  order: number | undefined;
  /** An order of each product page (product_controller), one with data behind its page where it matters. */
  productOrders: Record<string, number | undefined>;
  /** Every product controller of the catalogue (a product page's path names one). */
  controllers: string[];
  networkInterface: { order: number; id: number } | undefined;
  usageComponent: { order: number; id: number } | undefined;
  bsResource: { order: number; id: string } | undefined;
  /** An endpoint backup order's agent client and image machine (by name), with their order. */
  ebAgent: { order: number; id: string } | undefined;
  ebImage: { order: number; id: string } | undefined;
  /** A disaster recovery protection group and a VM of it, with their order. */
  drVpg: { order: number; id: number } | undefined;
  drVm: { order: number; id: number } | undefined;
  /** A web and app security zone, with its order. */
  ddZone: { order: number; id: number } | undefined;
  /** An open ticket of `account`. */
  ticket: number | undefined;
  notification: number | undefined;
  /** A portal user of `account` other than the sign-ins, added by `admin`. */
  member: { id: number; email: string };
  /** A pending invitation to an account `admin` administers. */
  invitation: number;
  /** A file attached to `ticket` by `user`. */
  attachment: number;
  /** With a payments provider (loadWorld's `stripe`): the online-payment objects, else undefined. */
  payments: WorldPayments | undefined;
}

export interface WorldPayments {
  /** `account`'s currency and an invoice of it with something open. */
  currency: string;
  openInvoice: number | undefined;
  /** A payment `user` started on `account` (its reference). */
  reference: string;
  /** A method `admin` saved on `adminAccount` (its default, as the first one). */
  method: number;
}

export const companyNamed = (name: string) => {
  const company = DEMO_COMPANIES.find((c) => c.name === name);
  if (!company) throw new Error(`${name} is not a demo company`);
  const user = company.users[0];
  const admin = company.users.find((u) => Object.values(u.accounts).some(Boolean));
  if (!user || !admin) throw new Error(`${name} has no administrator`);
  const used = Object.entries(user.accounts);
  return {
    user: user.email,
    admin: admin.email,
    userAccount: (used.find(([, isAdmin]) => !isAdmin) ?? used[0])?.[0] as string,
    adminAccount: Object.entries(admin.accounts).find(([, isAdmin]) => isAdmin)?.[0] as string,
  };
};

const one = async <T>(t: TestApp, sql: string, params: unknown[]) => (await t.db.query<T>(sql, params))[0];

/** Uploads a small file as `token`; returns the attachment id (not yet on any ticket). */
export async function uploadFile(t: TestApp, token: string): Promise<number> {
  const { payload, contentType } = multipartBody('file', 'trace.log', samples.log, 'text/plain');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tickets/upload-attachment',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return (res.json() as { data: { attachment_id: number } }).data.attachment_id;
}

/** A fresh key of a PIN reset link mailed to the caller (read from the local outbox). */
export async function pinResetKey(t: TestApp, token: string, email: string, accountId: number): Promise<string> {
  const res = await t.call('POST', '/api/pins/send-pin-reset', { token, body: { accountId } });
  if (res.status !== 200) throw new Error(`PIN reset link not sent: ${res.body.code}`);
  const mail = await one<{ links: string[] }>(
    t,
    `SELECT links FROM mail_outbox WHERE lower(to_address) = lower($1) AND kind = 'pin-reset' ORDER BY mail_id DESC LIMIT 1`,
    [email],
  );
  const key = /pins\/reset\/([^/]+)\//.exec(mail?.links[0] ?? '')?.[1];
  if (!key) throw new Error('no PIN reset link in the outbox');
  return key;
}

/** The first of a company's orders of a product page whose page lists a part (an interface, a component). */
async function orderWithPart(
  t: TestApp,
  token: string,
  company: string,
  controller: string,
  url: string,
  partOf: (data: unknown) => number | undefined,
): Promise<{ order: number; id: number } | undefined> {
  const orders = await t.db.query<{ base_order_id: number }>(
    `SELECT o.base_order_id FROM orders o
       JOIN accounts a ON a.account_id = o.account_id AND a.company_nm = $1
       JOIN products p ON p.product_cd = o.product_cd AND p.product_controller = $2
      ORDER BY o.base_order_id`,
    [company, controller],
  );
  for (const { base_order_id: order } of orders) {
    const res = await t.call('GET', `${url}?baseOrderId=${order}`, { token });
    const id = res.status === 200 ? partOf(res.body.data) : undefined;
    if (id !== undefined) return { order, id };
  }
  return undefined;
}

type Options = { stripe?: StripeStandIn };

const paymentsCall = async <T>(t: TestApp, path: string, token: string, body: object): Promise<T> => {
  const res = await t.call('POST', `/api/payments/${path}`, { token, body });
  if (res.status !== 200) throw new Error(`payments ${path} failed: ${res.raw}`);
  return res.body.data as T;
};

/** A payment started on an account and a method saved on another, through the Stripe stand-in's pages. */
async function loadPayments(
  t: TestApp,
  stripe: StripeStandIn,
  user: { token: string; account: number },
  admin: { token: string; account: number },
): Promise<WorldPayments> {
  type PaymentOptions = { currency: string; open_invoices: { cycle_log_id: number }[] };
  const options = await paymentsCall<PaymentOptions>(t, 'get-options', user.token, { accountId: user.account });
  const openInvoice = options.open_invoices[0]?.cycle_log_id;
  const started = await paymentsCall<{ payment_reference: string }>(t, 'start-checkout', user.token, {
    accountId: user.account,
    ...(openInvoice ? { cycleLogId: openInvoice } : {}),
    amount: 1,
    currency: options.currency,
  });
  const { url } = await paymentsCall<{ url: string }>(t, 'start-setup', admin.token, { accountId: admin.account });
  const sessionId = url.split('/').at(-1) as string;
  await stripe.complete(sessionId, testCards.visa);
  // Back from the setup page: the portal reads the saved method from Stripe.
  const back = await paymentsCall<{ methods: { method_id: number }[] }>(t, 'get-options', admin.token, {
    accountId: admin.account,
    setupSession: sessionId,
  });
  const method = back.methods[0]?.method_id;
  if (method === undefined) throw new Error('no payment method saved');
  return { currency: options.currency, openInvoice, reference: started.payment_reference, method };
}

export async function loadWorld(
  t: TestApp,
  name: string,
  signIn: (email: string) => Promise<string>,
  options: Options = {},
): Promise<World> {
  const { user, admin, userAccount, adminAccount: adminAccountNumber } = companyNamed(name);
  const tokens = { user: await signIn(user), admin: await signIn(admin) };
  const accounts = await t.db.query<{
    account_id: number;
    account_number: string;
    require_pin: boolean;
    pin_hash: string | null;
  }>('SELECT account_id, account_number, require_pin, pin_hash FROM accounts WHERE company_nm = $1', [name]);
  const idOf = (number: string) => accounts.find((a) => a.account_number === number)?.account_id as number;
  const account = idOf(userAccount);
  const adminAccount = idOf(adminAccountNumber);
  const ofCompany = `JOIN accounts a ON a.account_id = o.account_id AND a.company_nm = $1`;
  const products = await t.db.query<{ controller: string; base_order_id: number }>(
    `SELECT DISTINCT ON (p.product_controller) p.product_controller AS controller, o.base_order_id
       FROM orders o ${ofCompany} JOIN products p ON p.product_cd = o.product_cd
      ORDER BY p.product_controller, o.base_order_id`,
    [name],
  );
  // Interfaces and usage components as the product pages list them (the series store is the metrics module's).
  const networkInterface = await orderWithPart(
    t,
    tokens.user,
    name,
    'network',
    '/api/network/get-network-order',
    (d) => (d as { interfaces?: { snmpinterface_id: number }[] }).interfaces?.[0]?.snmpinterface_id,
  );
  const usageComponent = await orderWithPart(
    t,
    tokens.user,
    name,
    'usage-based',
    '/api/usage-based/get-usage-order',
    (d) => (d as { components?: { component_id: number }[] }).components?.[0]?.component_id,
  );
  const bsResource = await one<{ order: number; id: string }>(
    t,
    `SELECT b.base_order_id AS "order", b.resource_hash AS id
       FROM bs_managed_backups b JOIN orders o ON o.base_order_id = b.base_order_id ${ofCompany}
      WHERE EXISTS (SELECT 1 FROM order_components c WHERE c.base_order_id = b.base_order_id
                       AND c.description LIKE 'Backup management%' AND c.quantity > 0)
      ORDER BY b.id LIMIT 1`,
    [name],
  );
  const productOrders: Record<string, number | undefined> = Object.fromEntries(
    products.map((p) => [p.controller, p.base_order_id]),
  );
  // Pages whose calls read an order's parts: an order that has them, or none.
  productOrders.network = networkInterface?.order;
  productOrders['usage-based'] = usageComponent?.order;
  productOrders.bs = bsResource?.order;
  const ebImage = await one<{ order: number; id: string }>(
    t,
    `SELECT m.base_order_id AS "order", m.vm_name AS id
       FROM eb_image_machines m JOIN orders o ON o.base_order_id = m.base_order_id ${ofCompany}
      WHERE EXISTS (SELECT 1 FROM eb_agent_clients c WHERE c.base_order_id = m.base_order_id)
      ORDER BY m.base_order_id, m.vm_name LIMIT 1`,
    [name],
  );
  const ebAgent = await one<{ order: number; id: string }>(
    t,
    `SELECT base_order_id AS "order", client_name AS id FROM eb_agent_clients WHERE base_order_id = $1
      ORDER BY client_name LIMIT 1`,
    [ebImage?.order ?? 0],
  );
  if (ebImage) productOrders.eb = ebImage.order;
  const drVpg = await one<{ order: number; id: number }>(
    t,
    `SELECT g.base_order_id AS "order", g.vpg_id AS id
       FROM dr_protection_groups g JOIN orders o ON o.base_order_id = g.base_order_id ${ofCompany}
      WHERE EXISTS (SELECT 1 FROM dr_vms v WHERE v.base_order_id = g.base_order_id AND v.vpg = g.object_key)
      ORDER BY g.vpg_id LIMIT 1`,
    [name],
  );
  const drVm = await one<{ order: number; id: number }>(
    t,
    `SELECT v.base_order_id AS "order", v.vm_id AS id FROM dr_vms v WHERE v.base_order_id = $1 ORDER BY v.vm_id LIMIT 1`,
    [drVpg?.order ?? 0],
  );
  if (drVpg) productOrders.ds = drVpg.order;
  const ddZone = await one<{ order: number; id: number }>(
    t,
    `SELECT z.base_order_id AS "order", z.zone_id AS id
       FROM dd_zones z JOIN orders o ON o.base_order_id = z.base_order_id ${ofCompany}
      ORDER BY z.zone_id LIMIT 1`,
    [name],
  );
  if (ddZone) productOrders.dd = ddZone.order;
  const controllers = (await t.db.query<{ c: string }>('SELECT DISTINCT product_controller AS c FROM products')).map(
    (r) => r.c,
  );

  const ticket = (
    await one<{ ticket_id: number }>(
      t,
      `SELECT ticket_id FROM tickets WHERE account_id = $1 AND status <> 'Closed' ORDER BY ticket_id LIMIT 1`,
      [account],
    )
  )?.ticket_id;
  if (!ticket) throw new Error(`${name} has no open ticket to attach a file to`);
  const attachment = await uploadFile(t, tokens.user);
  const reply = await t.call('POST', '/api/tickets/reply-to-ticket', {
    token: tokens.user,
    body: { ticketId: ticket, body: 'Trace attached.', attachment_ids: [attachment] },
  });
  if (reply.status !== 200) throw new Error(`reply failed: ${reply.body.code}`);

  // The member is invited by the administrator and sets a password with the mailed link, as a person would.
  const memberEmail = `hostile-member-${adminAccount}@example.com`;
  const invited = await t.call('POST', '/api/users/add-new-user', {
    token: tokens.admin,
    body: {
      email_nm: memberEmail,
      first_nm: 'Hostile',
      last_nm: 'Member',
      accounts: [{ account_id: adminAccount, access_level: 1 }],
    },
  });
  if (invited.status !== 200) throw new Error(`member not invited: ${invited.body.code}`);
  const link = await one<{ links: string[] }>(
    t,
    `SELECT links FROM mail_outbox WHERE lower(to_address) = lower($1) AND kind = 'invitation' ORDER BY mail_id DESC LIMIT 1`,
    [memberEmail],
  );
  const [, linkAccount, hash] = /s\/create-account\/(\d+)\/([^/]+)\//.exec(link?.links[0] ?? '') ?? [];
  const created = await t.call('POST', '/api/users/create-user-from-hash', {
    body: {
      email_nm: memberEmail,
      first_nm: 'Hostile',
      last_nm: 'Member',
      passwd: 'Sample-Passphrase-42',
      confirm: 'Sample-Passphrase-42',
      legal_agree: true,
      account_id: Number(linkAccount),
      hash,
      g_recaptcha_response: await solveCaptcha(t),
    },
  });
  const member = await one<{ user_id: number }>(t, 'SELECT user_id FROM users WHERE email_nm = $1', [memberEmail]);
  if (!member) throw new Error(`member not added: ${created.body.code} ${JSON.stringify(created.body.data)}`);
  // A pending invitation of the company's, for the calls that name one.
  const pendingEmail = `hostile-pending-${adminAccount}@example.com`;
  await t.call('POST', '/api/users/add-existing-user', {
    token: tokens.admin,
    body: { email_nm: pendingEmail, accounts: [{ account_id: adminAccount, access_level: 1 }] },
  });
  const invitation = await one<{ invitation_id: number }>(
    t,
    'SELECT invitation_id FROM account_invitations WHERE email_nm = $1',
    [pendingEmail],
  );
  if (!invitation) throw new Error('no pending invitation');

  return {
    company: name,
    user: { email: user, token: tokens.user },
    admin: { email: admin, token: tokens.admin },
    account,
    adminAccount,
    pinAccount: accounts.find((a) => a.require_pin && a.pin_hash)?.account_id,
    invoice: (
      await one<{ cycle_log_id: number }>(
        t,
        'SELECT cycle_log_id FROM invoices WHERE account_id = $1 AND is_downloadable ORDER BY bill_date DESC LIMIT 1',
        [account],
      )
    )?.cycle_log_id,
    order: (
      await one<{ base_order_id: number }>(
        t,
        `SELECT base_order_id FROM orders WHERE account_id = $1 AND order_status_cd = 'A' ORDER BY base_order_id LIMIT 1`,
        [account],
      )
    )?.base_order_id,
    productOrders,
    controllers,
    networkInterface,
    usageComponent,
    bsResource,
    ebAgent,
    ebImage,
    drVpg,
    drVm,
    ddZone,
    ticket,
    notification: (
      await one<{ id: number }>(
        t,
        `SELECT e.cmc_contact_email_id AS id FROM cmc_contact_emails e
           JOIN accounts a ON a.account_id = e.account_id AND a.company_nm = $1 ORDER BY e.cmc_contact_email_id LIMIT 1`,
        [name],
      )
    )?.id,
    member: { id: member.user_id, email: memberEmail },
    invitation: invitation.invitation_id,
    attachment,
    payments:
      options.stripe &&
      (await loadPayments(
        t,
        options.stripe,
        { token: tokens.user, account },
        { token: tokens.admin, account: adminAccount },
      )),
  };
}
