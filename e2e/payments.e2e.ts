import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startStripeStandIn, testCards, type StripeStandIn } from '../apps/api/test/helpers/stripe-stand-in.ts';
import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * Issue 30 (decision 127): a customer pays an invoice online. The portal runs with Stripe pointed at a
 * local stand-in (its hosted checkout page and signed webhook events), as Stripe's test mode would be.
 */

let server: RunningServer;
/** The server the Stripe stand-in's events go to (the file's, or the autopay test's own). */
const listenTo = (s: RunningServer) => (stripe.webhookUrl = `${s.origin}/api/payments/stripe/webhook`);
const paymentsEnv = () => ({
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_URL: stripe.url,
});
let stripe: StripeStandIn;
let browser: Browser;
const shots = process.env.E2E_SHOTS_DIR;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startServer(paymentsEnv());
  listenTo(server);
  browser = await launchBrowser();
  if (shots) mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

interface InvoiceRow {
  account_id: number;
  cycle_log_id: number;
  invoice_number: string;
  account_number: string;
  total_amt_due: number;
  amount_paid: number;
  status: string;
}

/** An invoice of one of the admin's accounts with something open (the seed has unpaid and overdue ones). */
async function openInvoice(accountNumber: string): Promise<InvoiceRow> {
  const token = await apiToken(server.origin, demoEmails.admin);
  const list = await callApi<{ data: InvoiceRow[] }>(server.origin, 'POST', 'invoices/get-invoices', {}, token);
  const invoice = list.data.data.find((i) => i.account_number === accountNumber && i.status !== 'paid');
  if (!invoice) throw new Error(`no open invoice of ${accountNumber} in the demo data`);
  return invoice;
}

/** The id of one of the user's accounts (the admin's unless told). */
async function accountId(
  accountNumber: string,
  email: string = demoEmails.admin,
  on: RunningServer = server,
): Promise<number> {
  const token = await apiToken(on.origin, email);
  const accounts = await callApi<{ account_id: number; account_number: string }[]>(
    on.origin,
    'GET',
    'accounts/get-accounts',
    {},
    token,
  );
  return accounts.data.find((a) => a.account_number === accountNumber)!.account_id;
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe('paying an invoice online', () => {
  it("pays an invoice's open amount on the provider's page, a declined card first, and sees it paid", async () => {
    // Account 1000202's: the other tests pay toward 1000201.
    const invoice = await openInvoice('1000202');
    const { context, page } = await newPage(browser, server.origin);
    try {
      await signIn(page, demoEmails.admin);
      await page.goto(`/portal/invoices/view/${invoice.account_id}/${invoice.cycle_log_id}`);
      await page.locator(`[data-testid="invoice-status"][data-status="${invoice.status}"]`).waitFor();
      await shot(page, 'desktop-1-invoice');
      await page.getByTestId('pay-invoice').click();
      await page.waitForURL('**/portal/invoices/pay/**');
      await page.getByRole('radio', { name: new RegExp(`^Invoice ${invoice.invoice_number}`) }).waitFor();
      expect(
        await page.getByRole('radio', { name: new RegExp(`^Invoice ${invoice.invoice_number}`) }).isChecked(),
      ).toBe(true);
      await shot(page, 'desktop-2-pay');
      await page.getByRole('button', { name: /^Pay \$/ }).click();

      // The provider's hosted page: the portal never sees the card.
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      await page.getByLabel('Card number or IBAN').fill(testCards.declined);
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
      await shot(page, 'desktop-3-hosted-declined');
      await page.getByLabel('Card number or IBAN').fill(testCards.visa);
      await page.getByRole('button', { name: 'Pay' }).click();

      // Back in the portal: the return page says it is paid.
      await page.waitForURL('**/portal/invoices/payment/**');
      await page.locator('[data-testid="payment-status"][data-status="succeeded"]').waitFor();
      expect(await page.getByTestId('payment-outcome').textContent()).toContain('Your payment has been received');
      await shot(page, 'desktop-4-return-paid');

      await page.getByRole('link', { name: 'View the invoice' }).click();
      await page.locator('[data-testid="invoice-status"][data-status="paid"]').waitFor();
      expect(await page.getByTestId('pay-invoice').count()).toBe(0);

      await page.goto(`/portal/invoices/payments/${invoice.account_id}`);
      await page.getByRole('cell', { name: `Invoice ${invoice.invoice_number}` }).waitFor();
      await shot(page, 'desktop-5-payments');
    } finally {
      await context.close();
    }
    // The portal's event reached the feed, the webhook applied once.
    const events = stripe.events.filter((e) => e.type === 'checkout.session.completed');
    expect(events).toHaveLength(1);
  });

  it('on a phone: pays toward the balance with another amount and sees it processing, then paid', async () => {
    const { context, page } = await newPage(browser, server.origin, { width: 390, height: 844 });
    try {
      await signIn(page, demoEmails.admin);
      await page.goto('/portal/invoices/pay');
      await page.getByRole('link', { name: 'Pay balance of account 1000201' }).click();
      await page.waitForURL('**/portal/invoices/pay/**');
      await page.getByRole('radio', { name: 'Another amount' }).check();
      await page.getByLabel('Amount (USD)').fill('25');
      await shot(page, 'phone-1-pay-other-amount');
      await page.getByRole('button', { name: 'Pay $25.00' }).click();
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      const sessionId = new URL(page.url()).pathname.split('/').at(-1) as string;
      await shot(page, 'phone-2-hosted');
      await page.getByLabel('Card number or IBAN').fill('DE89370400440532013000');
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL('**/portal/invoices/payment/**');
      await page.locator('[data-testid="payment-status"][data-status="processing"]').waitFor();
      await shot(page, 'phone-3-return-processing');
      // The bank confirms the debit: the page, which reads again while processing, says paid.
      await stripe.settle(sessionId, true);
      await page.locator('[data-testid="payment-status"][data-status="succeeded"]').waitFor();
      await shot(page, 'phone-4-return-paid');
      await page.getByRole('link', { name: 'All payments of this account' }).click();
      await page.getByText('Payments made here').waitFor();
      await shot(page, 'phone-5-payments');
    } finally {
      await context.close();
    }
  });

  it('an administrator saves a card on the provider page, then turns autopay on', async () => {
    const { context, page } = await newPage(browser, server.origin);
    try {
      await signIn(page, demoEmails.admin);
      await page.goto(`/portal/invoices/payments/${await accountId('1000201')}`);
      await page.getByRole('button', { name: 'Add a payment method' }).click();
      await page.waitForURL(`${stripe.url}/c/pay/**`);
      await page.getByLabel('Card number or IBAN').fill(testCards.visa);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.waitForURL('**/portal/invoices/payments/**');
      await page
        .getByTestId('payment-methods')
        .getByText(/VISA · •••• 4242 · expires 12\//)
        .waitFor();
      await page.getByRole('switch', { name: 'Autopay is off' }).check({ force: true });
      await page.getByLabel('Charge').selectOption('3');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Save' }).and(page.locator('[disabled]')).waitFor();
      await shot(page, 'desktop-6-methods-autopay');
      await page.reload();
      expect(await page.getByRole('switch', { name: 'Autopay is on' }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('who may pay', () => {
  it('staff signed in as the customer see the payment pages, cannot pay or change methods, and are told why', async () => {
    const id = await accountId('1000101', demoEmails.customer);
    const { context, page } = await newPage(browser, server.origin);
    const asked = stripe.requests.length;
    try {
      await signIn(page, demoEmails.staff3);
      await page.goto('/portal/admin/login-as-user');
      await page.locator('input[name="email"]').fill(demoEmails.customer);
      await page.locator('textarea[name="reason"]').fill('Ticket 4711: invoices');
      await page.getByRole('button', { name: 'Login as user' }).click();
      await page.waitForURL('**/portal/home/index');
      await page.getByTestId('acting-as-banner').waitFor();

      await page.goto(`/portal/invoices/pay/${id}`);
      const cannotPay = page.getByTestId('cannot-pay');
      await cannotPay.waitFor();
      expect(await cannotPay.textContent()).toBe(
        'Staff signed in as the customer cannot make payments or change payment methods.',
      );
      expect(await page.getByRole('button', { name: /^Pay/ }).isDisabled()).toBe(true);
      await shot(page, 'desktop-7-staff-cannot-pay');

      await page.goto(`/portal/invoices/payments/${id}`);
      const cannotManage = page.getByTestId('cannot-manage');
      await cannotManage.waitFor();
      expect(await cannotManage.textContent()).toBe(
        'Staff signed in as the customer cannot make payments or change payment methods.',
      );
      expect(await page.getByRole('button', { name: 'Add a payment method' }).isDisabled()).toBe(true);
      expect(await page.getByRole('switch', { name: /^Autopay is/ }).isDisabled()).toBe(true);
      // A click on the disabled button opens no hosted page: the portal asked Stripe for nothing.
      await page.getByRole('button', { name: 'Add a payment method' }).click({ force: true });
      expect(new URL(page.url()).pathname).toBe(`/portal/invoices/payments/${id}`);
      expect(stripe.requests.slice(asked)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('autopay that needs the customer', () => {
  it('an automatic charge the bank wants confirmed shows on the dashboard with its link', async () => {
    // A server of its own whose process runs the autopay job (WORKERS=in-process, as `npm start` does), on
    // either database.
    const own = await startServer({ ...paymentsEnv(), WORKERS: 'in-process' });
    listenTo(own);
    try {
      const id = await accountId('1000202', demoEmails.admin, own);
      const admin = await apiToken(own.origin, demoEmails.admin);
      // The administrator saves the card that asks for its bank's confirmation off session, as the default.
      const setup = await callApi<{ url: string }>(
        own.origin,
        'POST',
        'payments/start-setup',
        { accountId: id },
        admin,
      );
      const setupSession = setup.data.url.split('/').at(-1) as string;
      await stripe.complete(setupSession, testCards.authenticationRequired);
      const options = await callApi<{ methods: { method_id: number; last4: string; is_default: boolean }[] }>(
        own.origin,
        'POST',
        'payments/get-options',
        { accountId: id, setupSession },
        admin,
      );
      const card = options.data.methods.find((m) => m.last4 === '3184')!;
      await callApi(
        own.origin,
        'POST',
        'payments/set-default-method',
        { accountId: id, methodId: card.method_id },
        admin,
      );
      const on = await callApi(
        own.origin,
        'POST',
        'payments/set-autopay',
        { accountId: id, enabled: true, days_before: 3 },
        admin,
      );
      expect(on.code).toBe('SUCCESS');

      // Billing sends a new invoice, due tomorrow, through the integration API.
      const staff = await apiToken(own.origin, demoEmails.staff3);
      const created = await callApi<{ token: string }>(
        own.origin,
        'POST',
        'integration/tokens',
        { name: 'Billing for autopay', scopes: ['billing'] },
        staff,
      );
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const invoiceNumber = 'INV-1000202-AUTOPAY';
      const fed = await fetch(`${own.origin}/api/integration/v1/invoices/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${created.data.token}` },
        body: JSON.stringify({
          items: [
            {
              invoice_number: invoiceNumber,
              account_number: '1000202',
              bill_date: day(0),
              due_date: day(1),
              monthly_charges: '80.00',
              total_amt_due: '80.00',
            },
          ],
        }),
      });
      expect(((await fed.json()) as { data: { results: { status: string }[] } }).data.results).toEqual([
        expect.objectContaining({ status: 'created' }),
      ]);

      // The process's autopay job (its next run, at most a minute away) charges it; the bank wants the customer.
      type Action = { payment_reference: string; invoice_number: string; status: string };
      const actions = async () => (await callApi<Action[]>(own.origin, 'GET', 'payments/get-actions', {}, admin)).data;
      await expect.poll(async () => (await actions()).length, { timeout: 90_000, interval: 1000 }).toBeGreaterThan(0);
      const [action] = await actions();
      expect(action).toMatchObject({ invoice_number: invoiceNumber, status: 'requires_action' });

      const { context, page } = await newPage(browser, own.origin);
      try {
        await signIn(page, demoEmails.admin);
        const notice = page.getByTestId('payment-actions');
        await notice.waitFor();
        expect(await notice.textContent()).toContain('A payment needs your action');
        expect(await notice.textContent()).toContain('(your bank asks you to confirm it)');
        await shot(page, 'desktop-8-dashboard-action');
        await notice.getByRole('link', { name: `$80.00 for invoice ${invoiceNumber}` }).click();
        await page.waitForURL(`**/portal/invoices/payment/${id}/${action!.payment_reference}`);
        await page.locator('[data-testid="payment-status"][data-status="requires_action"]').waitFor();
        await shot(page, 'desktop-9-action-payment');
      } finally {
        await context.close();
      }
    } finally {
      listenTo(server);
      await own.stop();
    }
  });
});
