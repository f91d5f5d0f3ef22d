import { identity, type InvitationDetails } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { invalid } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import { findMemberships, setAccess } from '../accounts/accounts.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { recordEvent } from '../events/events.service.ts';
import { findUserByEmail } from './identity.repository.ts';
import {
  claimInvitation,
  findInvitationAccess,
  findPendingInvitation,
  insertInvitation,
  setInvitationUser,
  type InvitedAccess,
  type PendingInvitation,
} from './invitations.repository.ts';
import { hashLinkToken, linkLifetimes, newLinkToken } from './link-tokens.ts';
import { composeMessage, hello } from './mail-templates.ts';
import type { MailDeps } from './password-reset.service.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { cancelIfEmpty, findInvitationsPage, removeInvitationAccess } from './invitations.repository.ts';

const texts = identity.texts;

export interface NewInvitation {
  email: string;
  firstName: string | null;
  lastName: string | null;
  /** Accounts and levels granted when the person accepts (at least one). */
  access: readonly InvitedAccess[];
  invitedByUserId: number;
}

/** "Name (number), Name (number) and Name (number)". */
const listAccounts = (labels: readonly string[]) =>
  labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');

/** The app's create-account page: s/create-account/{accountId}/{hash}/{email}/{firstName}/{lastName}. */
function createAccountLink(env: MailDeps['env'], accountId: number, token: string, i: NewInvitation): string {
  const names = i.firstName ? [i.firstName, ...(i.lastName ? [i.lastName] : [])] : [];
  const segments = [String(accountId), token, i.email, ...names].map(encodeURIComponent);
  return portalLink(env, `s/create-account/${segments.join('/')}`);
}

/**
 * Stores an invitation inside the caller's transaction (with the `user.invited` event per account)
 * and returns what sends it once that transaction commits. Nothing is granted until the person
 * accepts: a new address sets its password with the link (create-user-from-hash), an address with a
 * portal user accepts (accept-invitation). Either way the link goes only to the address, so the
 * inviter learns nothing of whether it has a portal user (decision 084).
 */
export async function createInvitation(deps: MailDeps, db: Db, invitation: NewInvitation) {
  const { token, hash } = newLinkToken();
  const now = deps.clock.now();
  const linkAccount = invitation.access[0]?.account_id;
  if (linkAccount === undefined) throw new Error('An invitation grants access to at least one account.');
  await insertInvitation(db, {
    account_id: linkAccount,
    email_nm: invitation.email,
    first_nm: invitation.firstName,
    last_nm: invitation.lastName,
    invited_by_user_id: invitation.invitedByUserId,
    tokenHash: hash,
    expiresMs: now + linkLifetimes.invitation,
    nowMs: now,
    access: invitation.access,
  });
  for (const entry of invitation.access) {
    await recordEvent(db, {
      type: 'user.invited',
      nowMs: now,
      accountId: entry.account_id,
      userId: invitation.invitedByUserId,
      data: { email_nm: invitation.email, is_account_admin: entry.is_account_admin },
    });
  }
  return async (accounts: readonly string[]) => {
    const existing = await findUserByEmail(deps.db, invitation.email);
    const named = listAccounts(accounts);
    if (existing) {
      const link = portalLink(deps.env, `s/accept-invitation/${encodeURIComponent(token)}`);
      await deps.mailer.send(
        composeMessage({
          to: invitation.email,
          kind: 'access-invitation',
          subject: `You are invited to ${named} in the customer portal`,
          greeting: hello(existing.first_nm),
          lines: [`An administrator invited your portal user to ${named}.`],
          action: { label: 'Accept the invitation', url: link },
          after: ['The link works once, for 7 days. If you did not expect this, you can ignore this message.'],
        }),
      );
      return;
    }
    const link = createAccountLink(deps.env, linkAccount, token, invitation);
    await deps.mailer.send(
      composeMessage({
        to: invitation.email,
        kind: 'invitation',
        subject: `You are invited to the customer portal for ${named}`,
        greeting: hello(invitation.firstName),
        lines: [`You have been invited to use the customer portal for ${named}.`],
        action: { label: 'Set your password and sign in', url: link },
        after: ['The link works once, for 7 days. If you did not expect this, you can ignore this message.'],
      }),
    );
  };
}

/** Grants an invitation's access to a user: never less than the user already has. */
export async function grantInvitation(db: Db, invitation: PendingInvitation, userId: number, nowMs: number) {
  const access = await findInvitationAccess(db, invitation.invitation_id);
  const admin = new Map((await findMemberships(db, userId)).map((row) => [row.account_id, row.is_account_admin]));
  for (const entry of access) {
    const level = entry.is_account_admin || admin.get(entry.account_id) ? 2 : 1;
    await setAccess(db, userId, entry.account_id, level);
    await recordEvent(db, {
      type: 'user.access_changed',
      nowMs,
      accountId: entry.account_id,
      userId,
      data: { email_nm: invitation.email_nm, access_level: level },
    });
  }
  await setInvitationUser(db, invitation.invitation_id, userId);
  for (const entry of access) {
    await recordAudit(db, {
      kind: 'user.added',
      nowMs,
      userId,
      accountIds: [entry.account_id],
      subject: invitation.email_nm,
      detail: `Accepted the invitation with ${entry.is_account_admin ? 'admin access' : 'user access'}`,
    });
  }
  return access;
}

const details = (
  invitation: PendingInvitation,
  hasUser: boolean,
  access: Awaited<ReturnType<typeof findInvitationAccess>>,
): InvitationDetails => ({
  email_nm: invitation.email_nm,
  first_nm: invitation.first_nm,
  last_nm: invitation.last_nm,
  has_portal_user: hasUser,
  accounts: access.map(({ account_number, name, is_account_admin }) => ({ account_number, name, is_account_admin })),
});

/** The public side of an invitation link: check it before a form is shown, and accept it. */
export function createInvitationLinkService(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async check(hash: string): Promise<InvitationDetails> {
      const invitation = await findPendingInvitation(deps.db, hashLinkToken(hash), deps.clock.now());
      if (!invitation) throw invalid({ hash: [texts.invitationInvalid] });
      const [user, access] = await Promise.all([
        findUserByEmail(deps.db, invitation.email_nm),
        findInvitationAccess(deps.db, invitation.invitation_id),
      ]);
      return details(invitation, Boolean(user), access);
    },

    async accept(hash: string): Promise<InvitationDetails> {
      const now = deps.clock.now();
      return deps.db.tx(async (db) => {
        const invitation = await claimInvitation(db, hashLinkToken(hash), null, now);
        if (!invitation) throw invalid({ hash: [texts.invitationInvalid] });
        const user = await findUserByEmail(db, invitation.email_nm);
        if (!user) throw invalid({ hash: [texts.invitationNeedsUser] });
        const access = await grantInvitation(db, invitation, user.user_id, now);
        return details(invitation, true, access);
      });
    },
  };
}
