import { messages, users, type AccountAccess, type PortalUser } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../lib/scope.ts';
import {
  findAccountsWithoutAdmin,
  findAdministeredAccountIds,
  findMemberships,
  lockAccounts,
  removeMemberships,
  setAccess,
} from '../accounts/accounts.repository.ts';
import { sendEmailVerification } from '../identity/verification.service.ts';
import { delivered, mailMessages, sendAccessGrantedNotice } from './users.mail.ts';
import { findUserByEmail, findUsersPage, findVisibleUser, insertUser, type UserFilter } from './users.repository.ts';

const { accessLevels } = users;

export const userMessages = {
  notAdministered: 'You can only change access to accounts you administer.',
  raiseOwnAccess: 'You cannot raise your own access.',
  deleteSelf: 'You cannot delete your own portal user. Use Accounts to remove accounts from your access.',
  emailTaken: 'A portal user with this email already exists. Use Add existing user instead.',
  noSuchEmail: 'There is no portal user with this email.',
  lastAdmin: (accountNumber: string) => `Account ${accountNumber} must keep at least one administrator.`,
} as const;

const levelOf = (membership: { is_account_admin: boolean } | undefined) =>
  membership ? (membership.is_account_admin ? accessLevels.admin : accessLevels.user) : accessLevels.none;

/**
 * The rules of the users area (spec core.md sections 5 and 6): an administrator sees and changes
 * only users and accounts they administer, never raises their own access, and never leaves an
 * account without an administrator. A refused change changes nothing (one transaction).
 */
export function createUsersService(deps: Pick<Deps, 'db' | 'mailer' | 'env' | 'clock'>) {
  /** The viewer's administered account ids; FORBIDDEN with the spec's message when there are none. */
  async function administered(db: Db, caller: Caller, noPermission: string): Promise<Set<number>> {
    const ids = await findAdministeredAccountIds(db, caller.userId);
    if (ids.length === 0) throw forbidden(noPermission);
    return new Set(ids);
  }

  async function visibleUser(db: Db, caller: Caller, userId: number): Promise<PortalUser> {
    const user = await findVisibleUser(db, caller.userId, userId);
    if (!user) throw notFound();
    return user;
  }

  /** Fails (and so rolls back) when a change left one of the accounts without an administrator. */
  async function assertAdminsRemain(db: Db, accountIds: readonly number[]) {
    const orphaned = await findAccountsWithoutAdmin(db, accountIds);
    if (orphaned.length > 0) throw invalid({ accounts: orphaned.map(userMessages.lastAdmin) });
  }

  /** Applies access levels to a user inside a transaction, under every rule of the users area. */
  async function applyAccess(
    db: Db,
    caller: Caller,
    targetId: number,
    levels: readonly AccountAccess[],
    allowed: Set<number>,
  ) {
    if (targetId === caller.userId) {
      const current = new Map((await findMemberships(db, targetId)).map((m) => [m.account_id, m]));
      if (levels.some((entry) => entry.access_level > levelOf(current.get(entry.account_id)))) {
        throw forbidden(userMessages.raiseOwnAccess);
      }
    }
    if (levels.some((entry) => !allowed.has(entry.account_id))) throw forbidden(userMessages.notAdministered);
    const touched = levels.map((entry) => entry.account_id);
    await lockAccounts(db, touched);
    for (const entry of levels) await setAccess(db, targetId, entry.account_id, entry.access_level);
    await assertAdminsRemain(db, touched);
  }

  return {
    async getUsers(caller: Caller, filter: UserFilter) {
      await administered(deps.db, caller, messages.noPermissionEditUsers);
      const rows = await findUsersPage(deps.db, caller.userId, filter);
      return toPage(rows, filter.page, filter.perPage);
    },

    async getUser(caller: Caller, userId: number) {
      await administered(deps.db, caller, messages.noPermissionEditUser);
      return visibleUser(deps.db, caller, userId);
    },

    async updateUser(caller: Caller, userId: number, levels: readonly AccountAccess[]) {
      return deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionEditUser);
        await visibleUser(db, caller, userId);
        await applyAccess(db, caller, userId, levels, allowed);
        return visibleUser(db, caller, userId);
      });
    },

    async deleteUser(caller: Caller, userId: number) {
      return deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionDeleteUsers);
        await visibleUser(db, caller, userId);
        if (userId === caller.userId) throw forbidden(userMessages.deleteSelf);
        await lockAccounts(db, [...allowed]);
        const removed = await removeMemberships(db, userId, [...allowed]);
        await assertAdminsRemain(db, removed);
        return { account_ids: removed };
      });
    },

    async addExistingUser(caller: Caller, email: string, levels: readonly AccountAccess[]) {
      const user = await deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionAddUsers);
        const target = await findUserByEmail(db, email);
        if (!target) throw invalid({ email_nm: [userMessages.noSuchEmail] });
        await applyAccess(db, caller, target.user_id, levels, allowed);
        return visibleUser(db, caller, target.user_id);
      });
      const sent = user.user_id === caller.userId || (await delivered(() => sendAccessGrantedNotice(deps, user)));
      return { user, message: sent ? '' : mailMessages.noticeNotSent };
    },

    async addNewUser(
      caller: Caller,
      input: {
        email_nm: string;
        first_nm: string;
        last_nm: string;
        passwd: string;
        accounts: readonly AccountAccess[];
      },
    ) {
      const passwordHash = await hashPassword(input.passwd);
      const user = await deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionAddUsers);
        if (input.accounts.some((entry) => !allowed.has(entry.account_id)))
          throw forbidden(userMessages.notAdministered);
        const userId = await insertUser(db, {
          email_nm: input.email_nm,
          first_nm: input.first_nm,
          last_nm: input.last_nm,
          password_hash: passwordHash,
        });
        if (userId === null) throw invalid({ email_nm: [userMessages.emailTaken] });
        await applyAccess(db, caller, userId, input.accounts, allowed);
        return visibleUser(db, caller, userId);
      });
      // The new user verifies the address before the first sign-in (identity's verification link). The
      // user exists once the transaction commits: a message that cannot be sent is reported, not a failure.
      const sent = await delivered(() => sendEmailVerification(deps, user.user_id));
      return { user, message: sent ? '' : mailMessages.verificationNotSent };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
