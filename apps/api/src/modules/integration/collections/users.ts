import type { UserItem } from '@portal/contract';

import { sendSetPasswordInvitation } from '../../identity/verification.service.ts';
import { accountsByNumber, insertUser, readUser, replaceAccess, updateUserNames } from './users.repository.ts';
import { messages, reject, same, type Upsert } from './upsert.ts';

/**
 * users by email_nm: names and the exact account access (an account left out loses its access). A new
 * user whose item asks for it (send_invitation) gets the set-password invitation by mail once the batch is
 * in; others are loaded only, for staff to invite later (invitations.service.ts). A caller that passes no
 * deps (the demo seed, which sets its users' password itself) sends none.
 */
export const upsertUserItem: Upsert<UserItem> = async (db, item, { deps, nowMs }) => {
  const accounts = [...item.accounts].sort((a, b) => a.account_number.localeCompare(b.account_number));
  const found = await accountsByNumber(
    db,
    accounts.map((a) => a.account_number),
  );
  const byNumber = new Map(found.map((a) => [a.account_number, a]));
  const missing = Object.fromEntries(
    item.accounts.flatMap((a, i) =>
      byNumber.has(a.account_number) ? [] : [[`accounts.${i}.account_number`, [messages.account]]],
    ),
  );
  if (Object.keys(missing).length) throw reject(missing);
  if (new Set(found.map((a) => a.company)).size > 1) {
    throw reject({ accounts: ['These accounts belong to different companies.'] });
  }

  const held = await readUser(db, item.email_nm);
  const wanted = { first_nm: item.first_nm, last_nm: item.last_nm, accounts };
  if (held && same({ first_nm: held.first_nm, last_nm: held.last_nm, accounts: held.accounts }, wanted)) {
    return { status: 'unchanged' };
  }
  const userId =
    held?.user_id ??
    (await insertUser(db, { email: item.email_nm, firstName: item.first_nm, lastName: item.last_nm }, nowMs));
  if (held) await updateUserNames(db, userId, item.first_nm, item.last_nm, nowMs);
  await replaceAccess(
    db,
    userId,
    accounts.map((a) => ({ accountId: byNumber.get(a.account_number)!.account_id, isAdmin: a.is_account_admin })),
    nowMs,
  );
  if (held) return { status: 'updated' };
  const invite = deps && item.send_invitation;
  return { status: 'created', ...(invite ? { after: () => sendSetPasswordInvitation(deps, userId) } : {}) };
};
