import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The roles every users-area and staff call is tried with. */
export const roles = {
  customer: demoEmails.customer,
  admin: demoEmails.admin,
  staff1: demoEmails.staff1,
  staff2: demoEmails.staff2,
  staff3: demoEmails.staff3,
} as const;
export type Role = keyof typeof roles;

/** Other demo users of the two companies the tests use (see seed/demo.ts). */
export const people = {
  /** Administrator of every Acme account (customer@'s company). */
  rita: 'rita.alvarez@acme-logistics.example',
  /** Globex users: dana on 1000201; miguel on 1000201 and 1000202; june on 1000202 and 1000203. */
  dana: 'dana.whitaker@globex-health.example',
  miguel: 'miguel.santos@globex-health.example',
  june: 'june.park@globex-health.example',
} as const;

export async function signInAll(t: TestApp): Promise<Record<Role, string>> {
  const entries = await Promise.all(Object.entries(roles).map(async ([role, email]) => [role, await t.signIn(email)]));
  return Object.fromEntries(entries) as Record<Role, string>;
}

export async function userId(t: TestApp, email: string): Promise<number> {
  const row = await t.db.one<{ user_id: number }>('SELECT user_id FROM users WHERE lower(email_nm) = lower($1)', [
    email,
  ]);
  if (!row) throw new Error(`no user ${email}`);
  return row.user_id;
}

export async function accountId(t: TestApp, accountNumber: string): Promise<number> {
  const row = await t.db.one<{ account_id: number }>('SELECT account_id FROM accounts WHERE account_number = $1', [
    accountNumber,
  ]);
  if (!row) throw new Error(`no account ${accountNumber}`);
  return row.account_id;
}

/** A user's memberships as { account_number: 'admin' | 'user' }, straight from the database. */
export async function membershipsOf(t: TestApp, email: string): Promise<Record<string, 'admin' | 'user'>> {
  const rows = await t.db.query<{ account_number: string; is_account_admin: boolean }>(
    `SELECT a.account_number, au.is_account_admin FROM accounts_users au
       JOIN accounts a ON a.account_id = au.account_id JOIN users u ON u.user_id = au.user_id
      WHERE lower(u.email_nm) = lower($1) ORDER BY a.account_number`,
    [email],
  );
  return Object.fromEntries(rows.map((r) => [r.account_number, r.is_account_admin ? 'admin' : 'user']));
}

export async function outbox(t: TestApp, to: string) {
  return t.db.query<{ kind: string; subject: string; links: string[] }>(
    'SELECT kind, subject, links FROM mail_outbox WHERE lower(to_address) = lower($1) ORDER BY mail_id',
    [to],
  );
}

/** A test app with every role of `roles` signed in, and their tokens. */
export async function appWithRoles(): Promise<{ t: TestApp; tokens: Record<Role, string> }> {
  const t = await createTestApp();
  return { t, tokens: await signInAll(t) };
}
