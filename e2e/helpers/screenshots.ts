/**
 * Manual check, not a test: signs in against a running server and saves screenshots of the
 * login page and the dashboard (desktop and phone) for a person to look at.
 *   ORIGIN=http://localhost:8090 npx tsx e2e/helpers/screenshots.ts /tmp/shots
 */
import { mkdir } from 'node:fs/promises';

import { demoEmails } from '../../apps/api/src/seed/demo.ts';
import { launchBrowser, newPage, signIn } from './browser.ts';

const origin = process.env.ORIGIN ?? 'http://localhost:8080';
const out = process.argv[2] ?? '/tmp/portal-shots';
const email = process.env.EMAIL ?? demoEmails.customer;

await mkdir(out, { recursive: true });
const browser = await launchBrowser();
try {
  for (const [name, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    const { context, page } = await newPage(browser, origin, { width, height });
    page.on('console', (message) => message.type() === 'error' && console.log(`[${name}] console:`, message.text()));
    page.on('pageerror', (error) => console.log(`[${name}] page error:`, error.message));
    await page.goto('/portal/login/session');
    await page.getByLabel('Email').waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/login-${name}.png`, fullPage: true });
    await signIn(page, email);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/dashboard-${name}.png`, fullPage: true });
    if (name === 'phone') {
      await page.getByTestId('nav-toggle').click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/dashboard-phone-menu.png` });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`screenshots in ${out}`);
