import { users, type Account } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  findAccountByInvoice,
  findAccountsWithoutAdmin,
  findAdministeredAccountIds,
  findCallerAccount,
  findCallerAccounts,
  findMemberships,
  findTwoFactorRequired,
  hasTwoFactor,
  lockAccounts,
  removeMemberships,
  setAccess,
  setTwoFactorRequired,
} from './accounts.repository.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export {
  findAccountsWithoutAdmin,
  findAdministeredAccountIds,
  findCallerAccounts,
  findMemberships,
  lockAccounts,
  removeMemberships,
  setAccess,
} from './accounts.repository.ts';

const { accessLevels } = users;

export const accountMessages = {
  noMatch: 'The account number and invoice number do not match any account.',
  alreadyLinked: 'This account is already linked to your portal user.',
  notAdministered: 'You can only change accounts you administer.',
  ownTwoFactorFirst: 'Turn on two-factor authentication in your profile before requiring it on an account.',
  lastAdmin: (accountNumber: string) =>
    `You are the only administrator of account ${accountNumber}. Make another user an administrator before removing it.`,
} as const;

/**
 * The caller's own account access (spec core.md sections 2 and 6): add an account by proving its
 * account and invoice numbers, remove accounts, and set the two-factor requirement of the
 * accounts they administer.
 */
export function createAccountsService(deps: Pick<Deps, 'db' | 'limiter' | 'clock'>) {
  return {
    list: (caller: Caller) => findCallerAccounts(deps.db, caller.userId),
    /**
     * Links an account when the invoice number is one of its invoices. The caller becomes its
     * administrator when it has none yet, otherwise a user (its administrators can raise that).
     */
    async addAccount(caller: Caller, accountNumber: string, invoiceNumber: string, address: string): Promise<Account> {
      const target = `user:${caller.userId}`;
      await deps.limiter.attempt('add-account', address);
      await deps.limiter.assertNotLocked('add-account', target);
      const match = await findAccountByInvoice(deps.db, accountNumber, invoiceNumber);
      if (!match) {
        await deps.limiter.failure('add-account', target);
        throw new AppError('VALIDATION_ERROR', accountMessages.noMatch, { invoice_number: [accountMessages.noMatch] });
      }
      await deps.limiter.success('add-account', target);
      return deps.db.tx(async (db) => {
        await lockAccounts(db, [match.account_id]);
        if (await findCallerAccount(db, caller.userId, match.account_id)) {
          throw invalid({ account_number: [accountMessages.alreadyLinked] }, accountMessages.alreadyLinked);
        }
        await setAccess(db, caller.userId, match.account_id, match.has_admin ? accessLevels.user : accessLevels.admin);
        await recordAudit(db, {
          kind: 'user.added',
          nowMs: deps.clock.now(),
          caller,
          accountIds: [match.account_id],
          detail: `Added the account by an invoice number, with ${match.has_admin ? 'user access' : 'admin access'}`,
        });
        const account = await findCallerAccount(db, caller.userId, match.account_id);
        if (!account) throw notFound();
        return account;
      });
    },

    /** Removes accounts from the caller's access; all or nothing, and never the last administrator. */
    async removeAccounts(caller: Caller, accountIds: readonly number[]) {
      return deps.db.tx(async (db) => {
        const mine = new Map((await findMemberships(db, caller.userId)).map((m) => [m.account_id, m.is_account_admin]));
        if (accountIds.some((accountId) => !mine.has(accountId))) throw notFound();
        await lockAccounts(db, accountIds);
        const removed = await removeMemberships(db, caller.userId, accountIds);
        const orphaned = await findAccountsWithoutAdmin(
          db,
          removed.filter((accountId) => mine.get(accountId)),
        );
        if (orphaned.length > 0) throw invalid({ accounts: orphaned.map(accountMessages.lastAdmin) });
        if (removed.length > 0)
          await recordAudit(db, {
            kind: 'user.removed',
            nowMs: deps.clock.now(),
            caller,
            accountIds: removed,
            detail: 'Removed the account from their own accounts',
          });
        return removed;
      });
    },

    /** The listed administered accounts require two-factor; the caller's other administered ones do not. */
    async updateAccounts(caller: Caller, requiredIds: readonly number[]) {
      return deps.db.tx(async (db) => {
        const administered = await findAdministeredAccountIds(db, caller.userId);
        if (administered.length === 0) throw forbidden(accountMessages.notAdministered);
        const allowed = new Set(administered);
        const others = requiredIds.filter((accountId) => !allowed.has(accountId));
        if (others.length > 0) {
          // An account the caller is not on answers as one that does not exist; one they only use, FORBIDDEN.
          const seen = new Set((await findMemberships(db, caller.userId)).map((m) => m.account_id));
          if (others.some((accountId) => !seen.has(accountId))) throw notFound();
          throw forbidden(accountMessages.notAdministered);
        }
        // Requiring two-factor without having it would shut the administrator out of the portal.
        const already = new Set(await findTwoFactorRequired(db, administered));
        if (requiredIds.some((accountId) => !already.has(accountId)) && !(await hasTwoFactor(db, caller.userId))) {
          throw invalid({ accounts: [accountMessages.ownTwoFactorFirst] }, accountMessages.ownTwoFactorFirst);
        }
        await setTwoFactorRequired(db, administered, requiredIds);
        const required = new Set(requiredIds);
        for (const accountId of administered) {
          if (required.has(accountId) === already.has(accountId)) continue;
          await recordAudit(db, {
            kind: 'account.two_factor_requirement',
            nowMs: deps.clock.now(),
            caller,
            accountIds: [accountId],
            detail: required.has(accountId) ? 'Two-factor sign-in required' : 'Two-factor sign-in no longer required',
          });
        }
        return [...requiredIds].sort((a, b) => a - b);
      });
    },
  };
}
