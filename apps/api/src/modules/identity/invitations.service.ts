import { portalLink } from '../../lib/mail.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccountName, insertInvitation } from './identity.repository.ts';
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
export async function createAccountInvitation(deps: MailDeps, request: InvitationRequest): Promise<{ invitation_id: number; link: string }> {
  const account = await findAccountName(deps.db, request.accountId);
  if (!account) throw notFound();
  const { token, hash } = newLinkToken();
  const now = deps.clock.now();
  const row = await insertInvitation(deps.db, {
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
  const link = invitationLink(deps.env, request.accountId, token, request);
  await deps.mailer.send(
    composeMessage({
      to: request.email,
      kind: 'invitation',
      subject: `You are invited to the customer portal for ${account.name}`,
      greeting: hello(request.firstName),
      lines: [`You have been invited to use the customer portal for the account ${account.name} (${account.account_number}).`],
      action: { label: 'Create your portal user', url: link },
      after: ['The link works once, for 7 days.'],
    }),
  );
  return { invitation_id: (row as { invitation_id: number }).invitation_id, link };
}
