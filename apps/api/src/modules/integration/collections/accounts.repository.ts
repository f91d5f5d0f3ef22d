import type { AccountItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

type Held = AccountItem & { account_id: number };

/** The held accounts of these numbers as their items would state them: accounts, then all their teams. */
export async function readAccounts(db: Db, accountNumbers: readonly string[]): Promise<Held[]> {
  const accounts = await db.query<Held>(
    `SELECT a.account_id, a.account_number, a.name, COALESCE(a.company_key, a.company_nm) AS company, a.require_pin,
       a.is_2fa_required, a.account_status_cd, a.is_active, a.currency
     FROM accounts a WHERE a.account_number = ANY($1::text[])`,
    [accountNumbers],
  );
  if (accounts.length === 0) return [];
  const byId = new Map(accounts.map((a) => [a.account_id, Object.assign(a, { team: [] as Held['team'] })]));
  const members = await db.query<Held['team'][number] & { account_id: number }>(
    `SELECT t.account_id, lower(m.email_nm) AS email_nm, m.first_nm, m.last_nm, m.team_title, m.phones
       FROM account_team t JOIN team_members m ON m.team_member_id = t.team_member_id
      WHERE t.account_id = ANY($1::int[])
      ORDER BY t.sort_order, m.team_member_id`,
    [[...byId.keys()]],
  );
  for (const { account_id, ...member } of members) byId.get(account_id)?.team.push(member);
  return accounts;
}

/** Of these accounts moving to a company, those a user of which also holds an account of another company. */
export async function accountsSharingUsers(db: Db, moves: readonly { accountId: number; company: string }[]) {
  if (moves.length === 0) return new Set<number>();
  const rows = await db.query<{ account_id: number }>(
    `SELECT DISTINCT u.id AS account_id
       FROM unnest($1::int[], $2::text[]) AS u(id, company)
       JOIN accounts_users au ON au.account_id = u.id
       JOIN accounts_users other ON other.user_id = au.user_id AND other.account_id <> au.account_id
       JOIN accounts o ON o.account_id = other.account_id
      WHERE COALESCE(o.company_key, o.company_nm) <> u.company`,
    [moves.map((m) => m.accountId), moves.map((m) => m.company)],
  );
  return new Set(rows.map((r) => r.account_id));
}

/** Of these accounts, those that have orders, invoices or payments: amounts stated in their currency. */
export async function accountsHoldingAmounts(db: Db, accountIds: readonly number[]) {
  if (accountIds.length === 0) return new Set<number>();
  const rows = await db.query<{ account_id: number }>(
    `SELECT id AS account_id FROM unnest($1::int[]) AS id
      WHERE EXISTS (SELECT 1 FROM orders WHERE account_id = id)
         OR EXISTS (SELECT 1 FROM invoices WHERE account_id = id)
         OR EXISTS (SELECT 1 FROM payments WHERE account_id = id)`,
    [accountIds],
  );
  return new Set(rows.map((r) => r.account_id));
}

const columns = [
  'name',
  'company',
  'require_pin',
  'is_2fa_required',
  'account_status_cd',
  'is_active',
  'currency',
] as const;
const source = `unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::bool[], $6::text[], $7::bool[], $8::text[])
  WITH ORDINALITY AS u(account_number, ${columns.join(', ')}, n)`;
const params = (rows: readonly AccountItem[]) => [
  rows.map((r) => r.account_number),
  ...columns.map((c) => rows.map((r) => r[c])),
];

/** Adds new accounts in one statement (their ids in item order), dated from the items' time; answers their ids. */
export async function insertAccounts(db: Db, rows: readonly AccountItem[], nowMs: number) {
  if (rows.length === 0) return [];
  return db.query<{ account_number: string; account_id: number }>(
    `INSERT INTO accounts (account_number, name, company_nm, company_key, require_pin, is_2fa_required,
       account_status_cd, is_active, currency, created_at)
     SELECT account_number, name, company, company, require_pin, is_2fa_required, account_status_cd, is_active,
       currency, to_timestamp($9::double precision / 1000)
       FROM ${source} ORDER BY n
     RETURNING account_number, account_id`,
    [...params(rows), nowMs],
  );
}

/** Sets held accounts' fields in one statement, writing only the rows whose fields differ. */
export async function updateAccounts(db: Db, rows: readonly AccountItem[]) {
  if (rows.length === 0) return;
  await db.query(
    `UPDATE accounts a SET name = u.name, company_nm = u.company, company_key = u.company, require_pin = u.require_pin,
       is_2fa_required = u.is_2fa_required, account_status_cd = u.account_status_cd, is_active = u.is_active,
       currency = u.currency
       FROM ${source}
      WHERE a.account_number = u.account_number
        AND (a.name, a.company_nm, a.company_key, a.require_pin, a.is_2fa_required, a.account_status_cd, a.is_active,
             a.currency)
            IS DISTINCT FROM (u.name, u.company, u.company, u.require_pin, u.is_2fa_required, u.account_status_cd,
             u.is_active, u.currency)`,
    params(rows),
  );
}

export type TeamMemberRow = AccountItem['team'][number];

/**
 * Adds or updates team members (one person by email on every account) in one statement, writing only those
 * that differ; answers every member's id by lower-case email.
 */
export async function upsertTeamMembers(db: Db, members: readonly TeamMemberRow[]) {
  if (members.length === 0) return new Map<string, number>();
  await db.query(
    `INSERT INTO team_members AS t (email_nm, first_nm, last_nm, team_title, phones)
     SELECT e, f, l, title, ARRAY(SELECT jsonb_array_elements_text(p::jsonb))
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS u(e, f, l, title, p, n)
      ORDER BY n
     ON CONFLICT ((lower(email_nm))) DO UPDATE SET first_nm = EXCLUDED.first_nm, last_nm = EXCLUDED.last_nm,
       team_title = EXCLUDED.team_title, phones = EXCLUDED.phones
      WHERE (t.first_nm, t.last_nm, t.team_title, t.phones)
            IS DISTINCT FROM (EXCLUDED.first_nm, EXCLUDED.last_nm, EXCLUDED.team_title, EXCLUDED.phones)`,
    [
      members.map((m) => m.email_nm),
      members.map((m) => m.first_nm),
      members.map((m) => m.last_nm),
      members.map((m) => m.team_title),
      members.map((m) => JSON.stringify(m.phones)),
    ],
  );
  const rows = await db.query<{ email: string; team_member_id: number }>(
    'SELECT lower(email_nm) AS email, team_member_id FROM team_members WHERE lower(email_nm) = ANY($1::text[])',
    [members.map((m) => m.email_nm.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.email, r.team_member_id]));
}

export const deleteTeamsOf = async (db: Db, accountIds: readonly number[]) => {
  if (accountIds.length) await db.query('DELETE FROM account_team WHERE account_id = ANY($1::int[])', [accountIds]);
};

/** Adds the teams of many accounts in one statement. */
export async function insertTeamsOf(
  db: Db,
  rows: readonly { accountId: number; teamMemberId: number; sortOrder: number }[],
) {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO account_team (account_id, team_member_id, sort_order)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[])`,
    [rows.map((r) => r.accountId), rows.map((r) => r.teamMemberId), rows.map((r) => r.sortOrder)],
  );
}
