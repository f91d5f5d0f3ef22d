import { messages, users, type AccountAccess, type PortalUser } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { forbidden, invalid, notFound } from '../../lib/errors.ts';
import { delivered } from '../../lib/mail.ts';
import { pageOrLast } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordEvent } from '../events/events.service.ts';
import {
  findAccountsWithoutAdmin,
  findAdministeredAccountIds,
  findCallerAccounts,
  findMemberships,
  lockAccounts,
  removeMemberships,
  setAccess,
} from '../accounts/accounts.service.ts';
import {
  cancelIfEmpty,
  createInvitation,
  findInvitationsPage,
  removeInvitationAccess,
} from '../identity/invitations.service.ts';
import {
  findAuthenticatedUser,
  findUsersPage,
  findVisibleUser,
  type UserFilter,
  type UserReach,
} from './users.repository.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { findUserByEmail, findUserById } from './users.repository.ts';

const { accessLevels } = users;

export const userMessages = {
  notAdministered: 'You can only change access to accounts you administer.',
  raiseOwnAccess: 'You cannot raise your own access.',
  deleteSelf: 'You cannot delete your own portal user. Use Accounts to remove accounts from your access.',
  lastAdmin: (accountNumber: string) => `Account ${accountNumber} must keep at least one administrator.`,
  // Add new user and add existing user answer the same whether or not the address has a portal user
  // (decisions 056 and 084).
  invitationSent:
    'We sent an invitation to this address. The access you chose applies when the person accepts it; until then it is listed under Pending invitations.',
  invitationNotSent:
    'The invitation could not be sent. It is listed under Pending invitations: cancel it and try again later.',
} as const;

const levelOf = (membership: { is_account_admin: boolean } | undefined) =>
  membership ? (membership.is_account_admin ? accessLevels.admin : accessLevels.user) : accessLevels.none;

/**
 * The rules of the users area (spec core.md sections 5 and 6): an administrator sees and changes
 * only users and accounts they administer, never raises their own access, and never leaves an
 * account without an administrator. A refused change changes nothing (one transaction).
 */
const accessNames: Record<number, string> = { 0: 'no access', 1: 'user access', 2: 'admin access' };

export function createUsersService(deps: Pick<Deps, 'db' | 'mailer' | 'env' | 'clock' | 'provider'>) {
  /** The viewer's administered account ids; FORBIDDEN with the spec's message when there are none. */
  async function administered(db: Db, caller: Caller, noPermission: string): Promise<Set<number>> {
    const ids = await findAdministeredAccountIds(db, caller.userId);
    if (ids.length === 0) throw forbidden(noPermission);
    return new Set(ids);
  }

  async function visibleUser(
    db: Db,
    caller: Caller,
    userId: number,
    reach: UserReach = 'administered',
  ): Promise<PortalUser> {
    const user = await findVisibleUser(db, caller.userId, userId, reach);
    if (!user) throw notFound();
    return user;
  }

  /** An account the caller is not on answers NOT_FOUND, exactly as an account that does not exist. */
  async function assertVisible(db: Db, caller: Caller, levels: readonly AccountAccess[], allowed: Set<number>) {
    const others = levels.filter((entry) => !allowed.has(entry.account_id));
    if (others.length === 0) return;
    const seen = new Set((await findMemberships(db, caller.userId)).map((m) => m.account_id));
    if (others.some((entry) => !seen.has(entry.account_id))) throw notFound();
  }

  /** Every listed account is one the caller administers: NOT_FOUND if they are not on it, else FORBIDDEN. */
  async function assertAdministered(db: Db, caller: Caller, levels: readonly AccountAccess[], allowed: Set<number>) {
    await assertVisible(db, caller, levels, allowed);
    if (levels.some((entry) => !allowed.has(entry.account_id))) throw forbidden(userMessages.notAdministered);
  }

  /** "Name (number)" of the administered accounts the request gives access to, for the messages. */
  async function grantedAccountLabels(caller: Caller, levels: readonly AccountAccess[]) {
    const granted = new Set(levels.filter((e) => e.access_level !== accessLevels.none).map((e) => e.account_id));
    return (await findCallerAccounts(deps.db, caller.userId))
      .filter((account) => granted.has(account.account_id))
      .map((account) => `${account.name} (${account.account_number})`);
  }

  /** Tells the provider (integration events, in the change's transaction) of each account's new access. */
  async function accessChanged(db: Db, caller: Caller, email: string, levels: readonly AccountAccess[]) {
    for (const entry of levels) {
      await recordEvent(db, {
        type: 'user.access_changed',
        nowMs: deps.clock.now(),
        accountId: entry.account_id,
        userId: caller.userId,
        data: { email_nm: email, access_level: entry.access_level },
      });
      await recordAudit(db, {
        kind: 'user.access_changed',
        nowMs: deps.clock.now(),
        caller,
        accountIds: [entry.account_id],
        subject: email,
        detail: `Access set to ${accessNames[entry.access_level] ?? entry.access_level}`,
      });
    }
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
    await assertVisible(db, caller, levels, allowed);
    if (targetId === caller.userId) {
      const current = new Map((await findMemberships(db, targetId)).map((m) => [m.account_id, m]));
      if (levels.some((entry) => entry.access_level > levelOf(current.get(entry.account_id)))) {
        throw forbidden(userMessages.raiseOwnAccess);
      }
    }
    await assertAdministered(db, caller, levels, allowed);
    const touched = levels.map((entry) => entry.account_id);
    await lockAccounts(db, touched);
    for (const entry of levels) await setAccess(db, targetId, entry.account_id, entry.access_level);
    await assertAdminsRemain(db, touched);
  }

  return {
    async getAuthenticatedUser(caller: Caller) {
      const user = await findAuthenticatedUser(deps.db, caller.userId);
      if (!user) throw notFound();
      return user;
    },
    /**
     * An administrator reads the users of the accounts they administer; an API token (which only
     * reaches this with `users:read`) the members of its own accounts, read-only (decision 132).
     */
    async getUsers(caller: Caller, filter: UserFilter) {
      const reach: UserReach = caller.apiToken ? 'accounts' : 'administered';
      if (reach === 'administered') await administered(deps.db, caller, messages.noPermissionEditUsers);
      return pageOrLast(filter.page, filter.perPage, (page) =>
        findUsersPage(deps.db, caller.userId, { ...filter, page }, reach),
      );
    },

    async getUser(caller: Caller, userId: number) {
      if (caller.apiToken) return visibleUser(deps.db, caller, userId, 'accounts');
      await administered(deps.db, caller, messages.noPermissionEditUser);
      return visibleUser(deps.db, caller, userId);
    },

    async updateUser(caller: Caller, userId: number, levels: readonly AccountAccess[]) {
      return deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionEditUser);
        const target = await visibleUser(db, caller, userId);
        await applyAccess(db, caller, userId, levels, allowed);
        await accessChanged(db, caller, target.email_nm, levels);
        return visibleUser(db, caller, userId);
      });
    },

    async deleteUser(caller: Caller, userId: number) {
      return deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionDeleteUsers);
        const target = await visibleUser(db, caller, userId);
        if (userId === caller.userId) throw forbidden(userMessages.deleteSelf);
        await lockAccounts(db, [...allowed]);
        const removed = await removeMemberships(db, userId, [...allowed]);
        await assertAdminsRemain(db, removed);
        for (const accountId of removed) {
          await recordEvent(db, {
            type: 'user.removed',
            nowMs: deps.clock.now(),
            accountId,
            userId: caller.userId,
            data: { email_nm: target.email_nm },
          });
        }
        if (removed.length > 0)
          await recordAudit(db, {
            kind: 'user.removed',
            nowMs: deps.clock.now(),
            caller,
            accountIds: removed,
            subject: target.email_nm,
          });
        return { account_ids: removed };
      });
    },

    /**
     * Add new user and add existing user both invite (decision 084): the access applies when the
     * person accepts the mailed link, so the answer, the list of pending invitations and the timing
     * are the same whether or not the address has a portal user. Account checks come first.
     */
    async invite(
      caller: Caller,
      input: { email_nm: string; first_nm?: string; last_nm?: string; accounts: readonly AccountAccess[] },
    ) {
      const granted = input.accounts.filter((entry) => entry.access_level !== accessLevels.none);
      const send = await deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionAddUsers);
        await assertAdministered(db, caller, input.accounts, allowed);
        for (const entry of granted) {
          await recordAudit(db, {
            kind: 'user.invited',
            nowMs: deps.clock.now(),
            caller,
            accountIds: [entry.account_id],
            subject: input.email_nm,
            detail: `Invited with ${accessNames[entry.access_level] ?? entry.access_level}`,
          });
        }
        return createInvitation(deps, db, {
          email: input.email_nm,
          firstName: input.first_nm ?? null,
          lastName: input.last_nm ?? null,
          access: granted.map((entry) => ({
            account_id: entry.account_id,
            is_account_admin: entry.access_level === accessLevels.admin,
          })),
          invitedByUserId: caller.actorUserId ?? caller.userId,
        });
      });
      const sent = await delivered(async () => send(await grantedAccountLabels(caller, input.accounts)));
      return sent ? userMessages.invitationSent : userMessages.invitationNotSent;
    },

    async getInvitations(caller: Caller, filter: { page: number; perPage: number }) {
      await administered(deps.db, caller, messages.noPermissionEditUsers);
      return pageOrLast(filter.page, filter.perPage, (page) =>
        findInvitationsPage(deps.db, caller.userId, page, filter.perPage, deps.clock.now()),
      );
    },

    /** Withdraws the invitation from the caller's administered accounts; NOT_FOUND when it names none of them. */
    async cancelInvitation(caller: Caller, invitationId: number) {
      return deps.db.tx(async (db) => {
        const allowed = await administered(db, caller, messages.noPermissionDeleteUsers);
        const now = deps.clock.now();
        const removed = await removeInvitationAccess(db, invitationId, [...allowed], now);
        if (removed.length === 0) throw notFound();
        await cancelIfEmpty(db, invitationId, now);
        return { account_ids: removed };
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
