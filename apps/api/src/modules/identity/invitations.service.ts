import { messages } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import type { Caller } from '../../lib/scope.ts';
import { recordEvent } from '../integration/events.repository.ts';
import { sendPortalUserExists } from '../users/users.mail.ts';
import { findAccountName, findMembership, findUserByEmail, insertInvitation } from './identity.repository.ts';
import { linkLifetimes, newLinkToken } from './link-tokens.ts';
import { composeMessage, hello } from './mail-templates.ts';
import type { MailDeps } from './password-reset.service.ts';

export interface InvitationRequest {
  accountId: number;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** Whether the new user administers the account. */
  isAccountAdmin?: boolean;
  /** Who sent it (an account administrator or staff member), for the record. */
  invitedByUserId?: number | null;
}

/** The app's create-account page: s/create-account/{accountId}/{hash}/{email}/{firstName}/{lastName}. */
export function invitationLink(env: MailDeps['env'], accountId: number, token: string, r: InvitationRequest): string {
  const names = r.firstName ? [r.firstName, ...(r.lastName ? [r.lastName] : [])] : [];
  const segments = [String(accountId), token, r.email, ...names].map(encodeURIComponent);
  return portalLink(env, `s/create-account/${segments.join('/')}`);
}

/**
 * Invites someone to create a portal user on an account: a single-use link, valid 7 days, stored
 * only as a hash, mailed to the address. The person creates their user (create-user-from-hash)
 * and gets access to the account (as administrator when `isAccountAdmin`). Check first that the
 * caller may add users to the account. Returns the link (also listed in the local outbox).
 */
export async function createAccountInvitation(
  deps: MailDeps,
  request: InvitationRequest,
): Promise<{ invitation_id: number; link: string }> {
  const account = await findAccountName(deps.db, request.accountId);
  if (!account) throw notFound();
  const { token, hash } = newLinkToken();
  const now = deps.clock.now();
  const row = await deps.db.tx(async (tx) => {
    const inserted = await insertInvitation(tx, {
      account_id: request.accountId,
      email_nm: request.email,
      first_nm: request.firstName ?? null,
      last_nm: request.lastName ?? null,
      is_account_admin: request.isAccountAdmin ?? false,
      invited_by_user_id: request.invitedByUserId ?? null,
      tokenHash: hash,
      expiresMs: now + linkLifetimes.invitation,
      nowMs: now,
    });
    await recordEvent(tx, {
      type: 'user.invited',
      nowMs: now,
      accountId: request.accountId,
      userId: request.invitedByUserId ?? null,
      data: { email_nm: request.email, is_account_admin: request.isAccountAdmin ?? false },
    });
    return inserted;
  });
  const link = invitationLink(deps.env, request.accountId, token, request);
  await deps.mailer.send(
    composeMessage({
      to: request.email,
      kind: 'invitation',
      subject: `You are invited to the customer portal for ${account.name}`,
      greeting: hello(request.firstName),
      lines: [
        `You have been invited to use the customer portal for the account ${account.name} (${account.account_number}).`,
      ],
      action: { label: 'Create your portal user', url: link },
      after: ['The link works once, for 7 days.'],
    }),
  );
  return { invitation_id: (row as { invitation_id: number }).invitation_id, link };
}

/**
 * users/invite-user: an administrator of the account invites someone who has no portal user yet.
 * An account that is not the caller's answers NOT_FOUND; a plain user of it, FORBIDDEN. An address
 * that already has a portal user gets a message saying so instead of a link it could not use, and
 * the answer is the same either way (docs/decisions/056-users-area-existence.md).
 */
export function createInviteService(deps: MailDeps & Pick<Deps, 'limiter'>) {
  return {
    async invite(
      caller: Caller,
      input: { account_id: number; email_nm: string; first_nm?: string; last_nm?: string; is_account_admin: boolean },
      address: string,
    ) {
      await deps.limiter.attempt('invite-user', address);
      const membership = await findMembership(deps.db, caller.userId, input.account_id);
      if (!membership) throw notFound();
      if (!membership.is_account_admin) throw forbidden(messages.noPermissionAddUsers);
      const existing = await findUserByEmail(deps.db, input.email_nm);
      if (existing) {
        const account = await findAccountName(deps.db, input.account_id);
        if (!account) throw notFound();
        await sendPortalUserExists(deps, existing, [`${account.name} (${account.account_number})`]);
        return { email_nm: input.email_nm };
      }
      await createAccountInvitation(deps, {
        accountId: input.account_id,
        email: input.email_nm,
        firstName: input.first_nm || null,
        lastName: input.last_nm || null,
        isAccountAdmin: input.is_account_admin,
        invitedByUserId: caller.actorUserId ?? caller.userId,
      });
      return { email_nm: input.email_nm };
    },
  };
}
