import { admin, pageSizes, type AccessLevel } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { findMemberships, removeMemberships, setAccess } from '../accounts/accounts.service.ts';
import { endSessions } from '../auth/auth.service.ts';
import { findUserByEmail, findUserById } from '../users/users.service.ts';
import { createAuditService, recordAudit } from '../audit/audit.service.ts';
import {
  findAccountsPage,
  findStaffAccount,
  grantUserAccounts,
  type AccountFilter,
  wouldNeedTwoFactor,
} from './admin.repository.ts';

export const adminMessages = {
  adminNeedsLevel: 'Your staff level allows user access only.',
  notYourself: 'You cannot sign in as yourself.',
  notStaff: 'You cannot sign in as another staff member.',
  alreadyActing: 'Return to your own account before signing in as another user.',
  signOutStaff: 'You cannot end the sessions of a staff member.',
  ownTwoFactorFirst:
    'This account requires two-factor authentication. Turn on two-factor authentication in your profile before giving yourself access, or every page would ask you to turn it on first.',
} as const;

/**
 * Staff tools (spec core.md section 6). The route's contract already checked the minimum
 * uss_admin_level; finer rules (admin access needs level 2) are checked here.
 */
const accessNames = ['no access', 'user access', 'admin access'] as const;

export function createAdminService(deps: Pick<Deps, 'db' | 'tokens' | 'clock'>) {
  const auditLog = createAuditService(deps);
  return {
    async findAccounts(caller: Caller, filter: Omit<AccountFilter, 'perPage'>) {
      const perPage = pageSizes.adminAccounts;
      const rows = await findAccountsPage(deps.db, caller.userId, { ...filter, perPage });
      return toPage(rows, filter.page, perPage);
    },

    async setOwnAccess(caller: Caller, accountId: number, level: AccessLevel) {
      if (level === 2 && caller.ussAdminLevel < admin.staffLevels.grantAdmin)
        throw forbidden(adminMessages.adminNeedsLevel);
      return deps.db.tx(async (db) => {
        if (!(await findStaffAccount(db, caller.userId, accountId))) throw notFound();
        // Access to a two-factor account without two-factor on would stop every other call of the
        // staff member (USS_TWO_FACTOR_AUTH_REQUIRED): refuse with the reason instead.
        if (level > 0 && (await wouldNeedTwoFactor(db, caller.userId, accountId))) {
          throw forbidden(adminMessages.ownTwoFactorFirst);
        }
        await setAccess(db, caller.userId, accountId, level);
        await recordAudit(db, {
          kind: 'staff.access_changed',
          nowMs: deps.clock.now(),
          caller,
          asStaff: true,
          accountIds: [accountId],
          detail: `Staff gave themself ${accessNames[level]}`,
        });
        const account = await findStaffAccount(db, caller.userId, accountId);
        if (!account) throw notFound();
        return account;
      });
    },

    async clearAccounts(caller: Caller) {
      return deps.db.tx(async (db) => {
        const mine = (await findMemberships(db, caller.userId)).map((m) => m.account_id);
        const removed = await removeMemberships(db, caller.userId, mine);
        if (removed.length > 0)
          await recordAudit(db, {
            kind: 'staff.access_changed',
            nowMs: deps.clock.now(),
            caller,
            asStaff: true,
            accountIds: removed,
            detail: `Staff gave themself ${accessNames[0]}`,
          });
        return removed;
      });
    },

    async getUser(userId: number) {
      const user = await findUserById(deps.db, userId);
      if (!user) throw notFound();
      return { user_id: user.user_id, email_nm: user.email_nm };
    },

    async getUserByEmail(email: string) {
      const user = await findUserByEmail(deps.db, email);
      if (!user) throw notFound();
      return { user_id: user.user_id, email_nm: user.email_nm, first_nm: user.first_nm, last_nm: user.last_nm };
    },

    async loadUserAccounts(caller: Caller, userId: number) {
      return deps.db.tx(async (db) => {
        const user = await findUserById(db, userId);
        if (!user) throw notFound();
        const added = await grantUserAccounts(db, caller.userId, userId);
        if (added.length > 0)
          await recordAudit(db, {
            kind: 'staff.access_changed',
            nowMs: deps.clock.now(),
            caller,
            asStaff: true,
            accountIds: added,
            subject: user.email_nm,
            detail: `Staff gave themself ${accessNames[1]} to the accounts of ${user.email_nm}`,
          });
        return added;
      });
    },

    async getTokenAsUser(caller: Caller, userId: number, reason: string) {
      if (caller.actorUserId !== null) throw forbidden(adminMessages.alreadyActing);
      const [staff, user] = await Promise.all([findUserById(deps.db, caller.userId), findUserById(deps.db, userId)]);
      if (!user || !staff) throw notFound();
      if (user.user_id === caller.userId) throw forbidden(adminMessages.notYourself);
      if (user.uss_admin_level > 0) throw forbidden(adminMessages.notStaff);
      const now = deps.clock.now();
      await recordAudit(deps.db, {
        kind: 'staff.signed_in_as',
        nowMs: now,
        caller,
        asStaff: true,
        userId: user.user_id,
        reason,
      });
      return deps.tokens.sign(
        { user_id: user.user_id, uss_admin_level: user.uss_admin_level, tv: user.token_version, act: staff.user_id },
        Math.floor(now / 1000),
      );
    },

    /** A staff revocation: ends every session of a customer (staff members end their own by signing out everywhere). */
    async signOutUser(userId: number) {
      const user = await findUserById(deps.db, userId);
      if (!user) throw notFound();
      if (user.uss_admin_level > 0) throw forbidden(adminMessages.signOutStaff);
      await endSessions(deps.db, user.user_id);
      return null;
    },

    async getLoginAsUserAudit(filter: { page: number; search?: string }) {
      const perPage = pageSizes.adminAccounts;
      return toPage(await auditLog.staffSignIns({ ...filter, perPage }), filter.page, perPage);
    },
  };
}
