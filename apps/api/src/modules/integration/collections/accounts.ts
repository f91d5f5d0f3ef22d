import type { AccountItem } from '@portal/contract';

import {
  accountsHoldingAmounts,
  accountsSharingUsers,
  deleteTeamsOf,
  insertAccounts,
  insertTeamsOf,
  readAccounts,
  updateAccounts,
  upsertTeamMembers,
  type TeamMemberRow,
} from './accounts.repository.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { same, single, type SetOutcome, type UpsertSet } from './upsert.ts';

/**
 * accounts by account_number, with the company, the currency of its amounts and the account team (the list
 * replaces the team; a member is one person, by email, on every account). Set-based: held accounts and the
 * checks of those that change company or currency read once, each table written once.
 */
export const upsertAccounts: UpsertSet<AccountItem> = async (db, items, { nowMs }) => {
  const held = new Map(
    (
      await readAccounts(
        db,
        items.map((i) => i.account_number),
      )
    ).map((a) => [a.account_number, a]),
  );
  const changing = items.flatMap((item) => {
    const current = held.get(item.account_number);
    return current ? [{ item, current }] : [];
  });
  // Users of one company never see another's accounts: an account cannot move to another company while
  // its users hold accounts of the old one. Its orders, invoices and payments state amounts in its
  // currency: another would misread them all.
  const movingCompany = changing.filter(({ item, current }) => current.company !== item.company);
  const sharing = await accountsSharingUsers(
    db,
    movingCompany.map(({ item, current }) => ({ accountId: current.account_id, company: item.company })),
  );
  const holding = await accountsHoldingAmounts(
    db,
    changing.filter(({ item, current }) => current.currency !== item.currency).map(({ current }) => current.account_id),
  );
  const outcomes: SetOutcome[] = [];
  const fresh: AccountItem[] = [];
  const changed: AccountItem[] = [];
  const teams = new Map<string, AccountItem['team']>();
  const teamsReplaced: number[] = [];
  const audited: { accountId: number; fields: string[] }[] = [];
  for (const item of items) {
    const current = held.get(item.account_number);
    const { account_number: _, ...wanted } = item;
    if (current) {
      const { account_id, account_number: __, ...stored } = current;
      if (same(stored, wanted)) {
        outcomes.push({ status: 'unchanged' });
        continue;
      }
      if (stored.company !== item.company && sharing.has(account_id)) {
        outcomes.push({
          status: 'invalid',
          errors: { company: ['Users of this account hold accounts of another company.'] },
        });
        continue;
      }
      if (stored.currency !== item.currency && holding.has(account_id)) {
        outcomes.push({
          status: 'invalid',
          errors: { currency: [`The account has amounts in ${stored.currency}: its currency cannot change.`] },
        });
        continue;
      }
    }
    (current ? changed : fresh).push(item);
    if (current) {
      const stored = current as unknown as Record<string, unknown>;
      const fields = Object.entries(wanted)
        .filter(([key, value]) => !same(stored[key], value))
        .map(([key]) => key);
      audited.push({ accountId: current.account_id, fields });
    }
    if (!current || !same(current.team, item.team)) {
      if (current) teamsReplaced.push(current.account_id);
      teams.set(item.account_number, item.team);
    }
    outcomes.push({ status: current ? 'updated' : 'created' });
  }
  const ids = new Map([...held.values()].map((a) => [a.account_number, a.account_id]));
  for (const created of await insertAccounts(db, fresh, nowMs)) ids.set(created.account_number, created.account_id);
  await updateAccounts(db, changed);
  // Each member once, where the first team names them, as the last one states them (one by one, the first
  // would create them and the last would leave its details).
  const members = new Map<string, TeamMemberRow>();
  for (const team of teams.values()) for (const m of team) members.set(m.email_nm.toLowerCase(), m);
  const memberIds = await upsertTeamMembers(db, [...members.values()]);
  await deleteTeamsOf(db, teamsReplaced);
  await insertTeamsOf(
    db,
    [...teams].flatMap(([number, team]) =>
      team.map((m, sortOrder) => ({
        accountId: ids.get(number)!,
        teamMemberId: memberIds.get(m.email_nm.toLowerCase())!,
        sortOrder,
      })),
    ),
  );
  // The provider's changes to an account are in its audit log (decision 133).
  for (const { accountId, fields } of audited) {
    await recordAudit(db, {
      kind: 'integration.changed',
      nowMs,
      accountIds: [accountId],
      detail: `The provider's systems changed the account: ${fields.join(', ')}`,
    });
  }
  return outcomes;
};

export const upsertAccountItem = single(upsertAccounts);
