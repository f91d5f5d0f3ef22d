import { signupAccess, type SignupAccessGrant } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import { toPage } from '../../lib/paging.ts';
import { findAccountAdminEmails } from './identity.repository.ts';
import { hashLinkToken, newLinkToken } from './link-tokens.ts';
import { composeMessage, hello } from './mail-templates.ts';
import type { MailDeps } from './password-reset.service.ts';
import {
  findGrantByTokenHash,
  findGrantsPage,
  insertSignupGrant,
  revokeGrant,
  setGrantNotified,
} from './signup-access.repository.ts';

const linkInvalid = () => new AppError('NOT_FOUND', signupAccess.texts.linkInvalid);
const publicGrant = ({
  account_id: _a,
  user_id: _u,
  ...grant
}: SignupAccessGrant & { account_id: number; user_id: number }) => grant;

export function signupAccessService(deps: MailDeps & Pick<Deps, 'limiter'>) {
  return {
    /** Inside the sign-up's transaction: records the grant; the returned `notify` mails after commit. */
    async record(db: Db, accountId: number, userId: number) {
      const { token, hash } = newLinkToken();
      const grant = await insertSignupGrant(db, accountId, userId, hash, deps.clock.now());
      return { grantId: grant?.grant_id as number, token };
    },

    /**
     * Tells every administrator of the account (the support inbox when it has none), each with the
     * revoke link. Best effort: the sign-up stands either way, and staff see the grant and its count.
     */
    async notify(
      grant: { grantId: number; token: string },
      account: { account_id: number; account_number: string; name: string },
      user: { email_nm: string; first_nm: string; last_nm: string },
    ) {
      const admins = await findAccountAdminEmails(deps.db, account.account_id);
      const to = admins.length
        ? admins
        : [{ email_nm: (await deps.provider.current()).mail.supportInbox, first_nm: '' }];
      const url = portalLink(deps.env, `login/revoke-access/${grant.token}`);
      let sent = 0;
      for (const admin of to) {
        try {
          await deps.mailer.send(
            composeMessage({
              to: admin.email_nm,
              kind: 'signup-access',
              subject: `New portal user on account ${account.account_number}`,
              greeting: hello(admin.first_nm),
              lines: [
                `${user.first_nm} ${user.last_nm} (${user.email_nm}) just created a portal user with an invoice number of ` +
                  `account ${account.account_number} (${account.name}), and can now see its invoices and services.`,
                'If you do not know them, remove their access with one click:',
              ],
              action: { label: 'Remove their access', url },
              after: ['If you know them, there is nothing to do. You can manage who has access under Users.'],
            }),
          );
          sent += 1;
        } catch (error) {
          if (!(error instanceof AppError && error.code === 'MAIL_FAILED')) throw error;
        }
      }
      await setGrantNotified(deps.db, grant.grantId, sent);
    },

    async get(key: string, address: string) {
      await deps.limiter.attempt('signup-access', address);
      const grant = await findGrantByTokenHash(deps.db, hashLinkToken(key));
      if (!grant) throw linkInvalid();
      return publicGrant(grant);
    },

    async revoke(key: string, address: string) {
      await deps.limiter.attempt('signup-access', address);
      const now = deps.clock.now();
      const hash = hashLinkToken(key);
      return deps.db.tx(async (db) => {
        const revoked = await revokeGrant(db, hash, 'an account administrator (mailed link)', now);
        const grant = await findGrantByTokenHash(db, hash);
        if (!grant) throw linkInvalid();
        return {
          data: publicGrant(grant),
          message: revoked ? signupAccess.texts.revoked : signupAccess.texts.alreadyRevoked,
        };
      });
    },

    async list(page: number, search?: string) {
      const rows = await findGrantsPage(deps.db, page, signupAccess.grantsPageSize, search);
      return toPage(rows, page, signupAccess.grantsPageSize);
    },
  };
}
