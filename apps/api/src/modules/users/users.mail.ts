import type { PortalUser } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { portalLink } from '../../lib/mail.ts';

/** Tells an existing portal user that an administrator gave them access to more accounts. */
export async function sendAccessGrantedNotice(deps: Pick<Deps, 'mailer' | 'env'>, user: PortalUser) {
  const link = portalLink(deps.env, 'home/index');
  await deps.mailer.send({
    to: user.email_nm,
    subject: 'You have access to more accounts in the customer portal',
    text: `Hello ${user.first_nm},\n\nAn administrator gave your portal user access to more accounts. Sign in to see them:\n${link}\n`,
    links: [link],
    kind: 'access-granted',
  });
}

/**
 * Runs a send that follows a committed change: false when the mail could not be sent (the mailer has
 * logged and recorded it), so the caller reports it instead of failing a change that already happened.
 */
export async function delivered(send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== 'MAIL_FAILED') throw error;
    return false;
  }
}

export const mailMessages = {
  verificationNotSent:
    'The user was added, but the verification email could not be sent. They can ask for a new one with "Resend verification" on the sign-in page.',
  noticeNotSent: 'Access was given, but the email telling the user could not be sent.',
} as const;
