import { identity } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { invalid } from '../../lib/errors.ts';
import { delivered } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Captcha } from '../captcha/captcha.service.ts';
import { acceptAllActiveAgreements } from '../legal/legal.service.ts';
import {
  findAccountAdminEmails,
  findAccountByInvoice,
  findAccountName,
  findActiveAccountByNumber,
  insertUser,
  linkUserToAccount,
  markEmailVerified,
} from './identity.repository.ts';
import { grantInvitation } from './invitations.service.ts';
import { claimInvitation } from './invitations.repository.ts';
import { hashLinkToken, linkLifetimes } from './link-tokens.ts';
import { composeMessage, hello } from './mail-templates.ts';
import type { MailDeps } from './password-reset.service.ts';
import { signupAccessService } from './signup-access.service.ts';
import { sendEmailVerification } from './verification.service.ts';

interface NewUserInput {
  email_nm: string;
  first_nm: string;
  last_nm: string;
  passwd: string;
  g_recaptcha_response: string;
}

const texts = identity.texts;

interface Created {
  data: { user_id: number; email_verified: boolean; verification_sent: boolean };
  message: string;
}

/**
 * The three ways to create a portal user (spec core.md "Account creation"). Each: captcha first,
 * rate limits per client address (and per account number for the guessable variants), then the
 * user is created unverified, has accepted the active agreements (legal_agree), and is mailed a
 * verification link. The answer is USER_CREATED; the app then signs in with the entered password.
 */
export function createUserCreationService(deps: MailDeps & Pick<Deps, 'limiter'>, captcha: Captcha) {
  const signups = signupAccessService(deps);
  async function begin(input: NewUserInput, address: string) {
    await deps.limiter.attempt('create-user', address);
    await captcha.assertSolved(input.g_recaptcha_response, address);
  }

  /** Inserts the user inside the caller's transaction; throws (rolling it back) when the address is taken. */
  async function insert(db: Db, input: NewUserInput, passwordHash: string, now: number): Promise<number> {
    const row = await insertUser(db, {
      email: input.email_nm,
      firstName: input.first_nm,
      lastName: input.last_nm,
      passwordHash,
      nowMs: now,
      unverifiedSignInUntilMs: now + linkLifetimes.emailVerification,
    });
    if (!row) throw invalid({ email_nm: [texts.emailTaken] });
    await acceptAllActiveAgreements(db, row.user_id, now);
    return row.user_id;
  }

  /**
   * The user exists once the transaction commits; a verification message that cannot be sent is
   * logged by the mailer and reported in the answer (verification_sent: false and the message), not
   * as a failure that would make the person try again with an address that is now taken.
   */
  async function finish(userId: number, notes: string[] = []): Promise<Created> {
    const sent = await delivered(() => sendEmailVerification(deps, userId));
    return {
      data: { user_id: userId, email_verified: false, verification_sent: sent },
      message: [sent ? texts.userCreated : texts.userCreatedMailFailed, ...notes].join(' '),
    };
  }

  /** Failed guesses of account and invoice numbers count against the account number too. */
  const guessKey = (accountNumber: string) => `account:${accountNumber}`;

  return {
    async fromInvoice(input: NewUserInput & { account_number: string; invoice_number: string }, address: string) {
      await begin(input, address);
      await deps.limiter.assertNotLocked('create-user', guessKey(input.account_number));
      const account = await findAccountByInvoice(deps.db, input.account_number, input.invoice_number);
      if (!account) {
        await deps.limiter.failure('create-user', guessKey(input.account_number));
        throw invalid({ invoice_number: [texts.accountInvoiceMismatch] });
      }
      const passwordHash = await hashPassword(input.passwd);
      const now = deps.clock.now();
      const { userId, grant } = await deps.db.tx(async (db) => {
        const id = await insert(db, input, passwordHash, now);
        await linkUserToAccount(db, id, account.account_id, false);
        return { userId: id, grant: await signups.record(db, account.account_id, id) };
      });
      // Both numbers are printed on every invoice: the account's administrators hear of it at once.
      const named = await findAccountName(deps.db, account.account_id);
      if (named) await signups.notify(grant, named, input);
      return finish(userId);
    },

    /**
     * The invitation's link proves the address (it was mailed there), so the user is created with the
     * invitation's address, already verified, and gets the access the invitation grants (decision 084).
     */
    async fromHash(input: NewUserInput & { hash: string; account_id: number }, address: string) {
      await begin(input, address);
      const passwordHash = await hashPassword(input.passwd);
      const now = deps.clock.now();
      const userId = await deps.db.tx(async (db) => {
        const invitation = await claimInvitation(db, hashLinkToken(input.hash), input.account_id, now);
        if (!invitation) throw invalid({ hash: [texts.invitationInvalid] });
        const id = await insert(db, { ...input, email_nm: invitation.email_nm }, passwordHash, now);
        await markEmailVerified(db, id, now);
        await grantInvitation(db, invitation, id, now);
        return id;
      });
      return { data: { user_id: userId, email_verified: true, verification_sent: false }, message: texts.userCreated };
    },

    /**
     * An account number alone proves nothing (it is printed on every invoice), so this variant
     * grants no access: it creates the user and asks the account's administrators (or the support
     * inbox when it has none) to give them access. See docs/decisions/010-identity-sign-up.md.
     */
    async fromAccount(input: NewUserInput & { account_number: string }, address: string) {
      await begin(input, address);
      await deps.limiter.assertNotLocked('create-user', guessKey(input.account_number));
      const account = await findActiveAccountByNumber(deps.db, input.account_number);
      if (!account) {
        await deps.limiter.failure('create-user', guessKey(input.account_number));
        throw invalid({ account_number: [texts.accountNotFound] });
      }
      const passwordHash = await hashPassword(input.passwd);
      const now = deps.clock.now();
      const userId = await deps.db.tx((db) => insert(db, input, passwordHash, now));
      const admins = await findAccountAdminEmails(deps.db, account.account_id);
      const recipients = admins.length
        ? admins
        : [{ email_nm: (await deps.provider.current()).mail.supportInbox, first_nm: '' }];
      let requested = true;
      for (const admin of recipients) {
        const ok = await delivered(() =>
          deps.mailer.send(
            composeMessage({
              to: admin.email_nm,
              kind: 'access-request',
              subject: `Portal access requested for ${account.name}`,
              greeting: hello(admin.first_nm),
              lines: [
                `${input.first_nm} ${input.last_nm} (${input.email_nm}) created a portal user and asked for access to the account ${account.name} (${account.account_number}).`,
                'If you know them, give them access in the portal under Manage Users, "Add existing user". Otherwise you can ignore this message.',
              ],
            }),
          ),
        );
        requested &&= ok;
      }
      return finish(userId, [requested ? texts.accessRequested : texts.accessRequestFailed]);
    },
  };
}
