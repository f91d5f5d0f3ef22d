import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { expect } from 'vitest';

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { parseEnv } from '../../src/config/env.ts';
import { createProviderProfiles } from '../../src/modules/provider/profiles.ts';
import { createMailer } from '../../src/lib/mail.ts';
import type { MailDeps } from '../../src/modules/identity/password-reset.service.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Test apps of the identity tests: a light captcha so the proof of work takes milliseconds. */
export const identityEnv = { CAPTCHA_COMPLEXITY: '500' };

/** Solves a fresh captcha as the widget would and returns the g_recaptcha_response value. */
export async function solveCaptcha(t: TestApp): Promise<string> {
  const res = await t.call('GET', '/api/captcha/get-challenge');
  const { challenge } = res.body.data as { challenge: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface Mail {
  mail_id: number;
  to_address: string;
  subject: string;
  text_body: string;
  links: string[];
  kind: string;
}

/** The newest outbox message to an address (of a kind), read through the outbox call. */
export async function latestMail(t: TestApp, to: string, kind?: string): Promise<Mail> {
  const res = await t.call('GET', `/api/dev/outbox?search=${encodeURIComponent(to)}`);
  expect(res.body.code).toBe('SUCCESS');
  const mails = (res.body.data as { data: Mail[] }).data.filter(
    (m) => m.to_address.toLowerCase() === to.toLowerCase() && (!kind || m.kind === kind),
  );
  const mail = mails[0];
  if (!mail) throw new Error(`no ${kind ?? ''} mail to ${to}`);
  return mail;
}

export async function mailCount(t: TestApp, to: string, kind?: string): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM mail_outbox WHERE lower(to_address) = lower($1) AND ($2::text IS NULL OR kind = $2)',
    [to, kind ?? null],
  );
  return rows[0]?.n ?? 0;
}

/** The path segments of a portal link after /portal/<prefix>/. */
export function linkSegments(link: string, prefix: string): string[] {
  const path = new URL(link).pathname;
  const start = `/portal/${prefix}/`;
  expect(path.startsWith(start), `${path} starts with ${start}`).toBe(true);
  return path.slice(start.length).split('/').map(decodeURIComponent);
}

/** An invoice number of the account with this number (demo data). */
export async function invoiceOf(t: TestApp, accountNumber: string): Promise<string> {
  const row = await t.db.one<{ invoice_number: string }>(
    `SELECT i.invoice_number FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE a.account_number = $1 ORDER BY i.bill_date DESC LIMIT 1`,
    [accountNumber],
  );
  if (!row) throw new Error(`no invoice for ${accountNumber}`);
  return row.invoice_number;
}

export const strongPassword = 'Lantern-Orbit-Quartz-58';

/** A valid create-user payload (without the variant's fields and the captcha). */
export const newUser = (email: string) => ({
  email_nm: email,
  first_nm: 'Robin',
  last_nm: 'Ellis',
  passwd: strongPassword,
  confirm: strongPassword,
  legal_agree: true,
});

/** What the exported identity functions need, on the test app's database and clock (mail goes to its outbox). */
export function mailDeps(t: TestApp): MailDeps {
  const env = parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-data-')),
  });
  const provider = createProviderProfiles(env, t.db, t.clock);
  return { db: t.db, clock: t.clock, env, provider, mailer: createMailer(env, t.db, provider) };
}

export const HOUR = 60 * 60 * 1000;

/** A create-user-from-invoice body for a new person at `email`: demo account 1000101, one of its invoices, a solved captcha. */
export async function fromInvoice(t: TestApp, email: string) {
  return {
    ...newUser(email),
    account_number: '1000101',
    invoice_number: await invoiceOf(t, '1000101'),
    g_recaptcha_response: await solveCaptcha(t),
  };
}
