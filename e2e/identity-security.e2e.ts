import { popups, profile, timing } from '@portal/contract';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn, submitCredentials, trackApiCalls } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The code an authenticator app shows for the secret, `offset` seconds from now. */
const passcodeFor = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset });

/**
 * Profile, two-factor tab: get started, read the secret key and turn two-factor on with a computed code.
 * Returns the secret and the code it used (spent, whatever 30-second step the clock is in by then).
 */
async function turnOnTwoFactor(page: Page): Promise<{ secret: string; used: string }> {
  await page.getByRole('tab', { name: 'Two-factor' }).waitFor();
  expect(await page.getByRole('tab', { name: 'Two-factor' }).getAttribute('aria-selected')).toBe('true');
  await page.getByRole('button', { name: 'Get started' }).click();
  const secret = ((await page.getByTestId('two-factor-key').textContent()) ?? '').trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await page.getByRole('img', { name: 'QR code of the two-factor secret key' }).getAttribute('src')).toMatch(
    /^data:image\/png;base64,/,
  );
  const used = await passcodeFor(secret);
  await page.getByLabel('Passcode').fill(used);
  await page.getByRole('button', { name: 'Enable two-factor' }).click();
  await page.getByTestId('two-factor-enabled').getByText(profile.profileTexts.twoFactorEnabled).waitFor();
  expect(await page.getByTestId('two-factor-state').textContent()).toBe('On');
  return { secret, used };
}

describe('two-factor authentication', () => {
  it('shows ten recovery codes on turning two-factor on; one signs in once, and the user is told by email', async () => {
    const email = 'dana.whitaker@globex-health.example';
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, email);
    await page.goto('/portal/users/update-profile?tab-target=two-factor');
    await turnOnTwoFactor(page);
    const codes = (await page.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    await page.getByTestId('recovery-codes').screenshot({ path: '/tmp/security-recovery-codes.png' });

    await page.goto('/portal/logout');
    await page.waitForURL('**/portal/login', { timeout: 10_000 });
    await submitCredentials(page, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill((codes[0] as string).toLowerCase());
    await page.getByRole('button', { name: 'Sign in with the recovery code' }).click();
    await page.waitForURL('**/portal/home/index');

    await page.goto(`/portal/dev/outbox?search=${encodeURIComponent(email)}`);
    const mail = page
      .locator(`[data-testid="outbox-message"][data-kind="recovery-code-used"][data-to="${email}"]`)
      .first();
    await mail.getByText('A recovery code was used to sign in').waitFor();
    await mail.getByText('Show the text').click();
    await mail.getByText('You have 9 recovery codes left.').waitFor();

    // The same code does not sign in twice.
    await page.goto('/portal/logout');
    await page.waitForURL('**/portal/login', { timeout: 10_000 });
    await submitCredentials(page, email);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0] as string);
    await page.getByRole('button', { name: 'Sign in with the recovery code' }).click();
    await page
      .getByTestId('form-errors')
      .getByText('The recovery code is incorrect or has already been used.')
      .waitFor();
    await context.close();
  });

  it('turns two-factor on from the QR secret, signs in with a code, refuses a used code, and turns it off', async () => {
    const email = 'miguel.santos@globex-health.example';
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, email);
    await page.goto('/portal/users/update-profile?tab-target=two-factor');
    const { secret, used } = await turnOnTwoFactor(page);

    await page.goto('/portal/logout');
    await page.waitForURL('**/portal/login', { timeout: 10_000 });

    // The code that turned it on was used: the sign-in needs the next one (an app shows it 30 s later;
    // the server accepts one step of drift, so the test takes it now).
    await submitCredentials(page, email);
    const passcode = page.locator('input[name="passcode"]');
    await passcode.waitFor();
    // The very code that turned it on, even if a new 30-second step has begun since (one step of drift).
    await passcode.fill(used);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.getByTestId('form-errors').getByText('The passcode is incorrect or has already been used.').waitFor();
    await passcode.fill(await passcodeFor(secret, 30));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL('**/portal/home/index');

    await page.goto('/portal/users/update-profile?tab-target=two-factor');
    const disable = page.getByRole('form', { name: 'Disable two-factor authentication' });
    await disable.getByLabel('Current password').fill(DEMO_PASSWORD);
    await disable.getByRole('button', { name: 'Turn off two-factor' }).click();
    await page.getByText(profile.profileTexts.twoFactorDisabled).waitFor();
    await page.getByRole('button', { name: 'Get started' }).waitFor();
    expect(await page.getByTestId('two-factor-state').textContent()).toBe('Off');

    await page.goto('/portal/logout');
    await page.waitForURL('**/portal/login', { timeout: 10_000 });
    await signIn(page, email);
    await context.close();
  });
});

describe('gates after sign-in', () => {
  it('sends legal@demo.test to accept the pending agreement before anything else', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await context.clock.install();
    const calls = trackApiCalls(page);
    await submitCredentials(page, demoEmails.legal);
    const dialog = page.getByRole('dialog', { name: popups.legal.title });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(popups.legal.body);
    await page.waitForURL('**/portal/legal', { timeout: 15_000 });
    // The popup announced the redirect and closes with it (issue 15).
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('agreement-body').waitFor();
    await page.getByRole('button', { name: 'Agree' }).click();
    await page.waitForURL('**/portal/home/index');
    await page.getByTestId('greeting').waitFor();
    // Nothing sends them back: the dashboard's calls now succeed, so once they have answered, no popup
    // and no redirect follows, however far the page's clock runs past the redirect delay.
    await calls.settled();
    await page.clock.runFor(timing.redirectDelayMs * 2);
    expect(new URL(page.url()).pathname).toBe('/portal/home/index');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('sends twofa-required@demo.test to the two-factor tab, and lets them in once it is on', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await context.clock.install();
    const calls = trackApiCalls(page);
    await submitCredentials(page, demoEmails.twofaRequired);
    const dialog = page.getByRole('dialog', { name: popups.twoFactorRequired.title });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('requires two-factor authentication');
    await page.waitForURL('**/portal/users/update-profile?tab-target=two-factor', { timeout: 15_000 });
    await dialog.waitFor({ state: 'hidden' });
    await turnOnTwoFactor(page);

    await page.goto('/portal/home/index');
    await page.getByTestId('greeting').waitFor();
    await calls.settled();
    await page.clock.runFor(timing.redirectDelayMs * 2);
    expect(new URL(page.url()).pathname).toBe('/portal/home/index');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});

describe('sign out everywhere', () => {
  it('ends the sessions of every browser signed in as the user, this one included', async () => {
    const email = demoEmails.customer;
    const here = await newPage(browser, server.origin);
    const there = await newPage(browser, server.origin);
    await signIn(here.page, email);
    await signIn(there.page, email);

    await here.page.goto('/portal/users/update-profile');
    await here.page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await here.page.waitForURL('**/portal/logout');
    await here.page.waitForURL('**/portal/login', { timeout: 10_000 });

    // The other browser's token no longer works: its next page asks it to sign in again.
    await there.page.goto('/portal/users/update-profile');
    await there.page.waitForURL('**/portal/login**', { timeout: 10_000 });
    await here.context.close();
    await there.context.close();
  });
});
