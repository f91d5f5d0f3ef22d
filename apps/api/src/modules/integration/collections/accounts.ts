import type { AccountItem } from '@portal/contract';

import {
  holdsAmounts,
  readAccount,
  replaceTeam,
  sharesUsersWithOtherCompany,
  upsertAccount,
} from './accounts.repository.ts';
import { reject, same, type Upsert } from './upsert.ts';

/**
 * accounts by account_number, with the company, the currency of its amounts and the account team (the list
 * replaces the team).
 */
export const upsertAccountItem: Upsert<AccountItem> = async (db, item, { nowMs }) => {
  const held = await readAccount(db, item.account_number);
  const { account_number: _, ...wanted } = item;
  if (held) {
    const { account_id, ...current } = held;
    if (same(current, wanted)) return { status: 'unchanged' };
    // Users of one company never see another's accounts: an account cannot move to another company
    // while its users hold accounts of the old one.
    if (current.company !== item.company && (await sharesUsersWithOtherCompany(db, account_id, item.company))) {
      throw reject({ company: ['Users of this account hold accounts of another company.'] });
    }
    // Its orders, invoices and payments state amounts in its currency: another would misread them all.
    if (current.currency !== item.currency && (await holdsAmounts(db, account_id))) {
      throw reject({ currency: [`The account has amounts in ${current.currency}: its currency cannot change.`] });
    }
  }
  const accountId = await upsertAccount(db, item, nowMs);
  await replaceTeam(db, accountId, item.team);
  return { status: held ? 'updated' : 'created' };
};
