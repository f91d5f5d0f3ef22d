import type { PortalUser } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { portalLink } from '../../lib/mail.ts';
import { composeMessage, hello } from '../identity/mail-templates.ts';

type MailDeps = Pick<Deps, 'mailer' | 'env'>;

/** "Name (number), Name (number) and Name (number)": the accounts a message is about. */
const listAccounts = (labels: readonly string[]) =>
  labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? '');

/** Tells an existing portal user that an administrator gave them access to more accounts. */
export async function sendAccessGrantedNotice(deps: MailDeps, user: PortalUser) {
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
 * Add new user named an address that already has a portal user. The administrator is not told (the
 * answer is the same as for a new address, see docs/decisions/056-users-area-existence.md): the
 * person is, and nothing about their user changes.
 */
export async function sendPortalUserExists(
  deps: MailDeps,
  user: { email_nm: string; first_nm: string },
  accounts: readonly string[],
) {
  const link = portalLink(deps.env, 'login');
  await deps.mailer.send(
    composeMessage({
      to: user.email_nm,
      kind: 'portal-user-exists',
      subject: `A new portal user was requested for your address (${listAccounts(accounts)})`,
      greeting: hello(user.first_nm),
      lines: [
        `An administrator of ${listAccounts(accounts)} tried to create a new portal user with this email address. You already have one, so nothing was created and nothing about your user changed.`,
        'If you want access to these accounts, ask the administrator to add you with "Add existing user". If you did not expect this, you can ignore this message.',
      ],
      action: { label: 'Sign in to the portal', url: link },
      after: ['Forgot your password? Use "Forgot password?" on the sign-in page.'],
    }),
  );
}

/**
 * Add existing user named an address with no portal user. The administrator is not told; the
 * address is, so the person can ask for one.
 */
export async function sendNoPortalUser(deps: MailDeps, email: string, accounts: readonly string[]) {
  await deps.mailer.send(
    composeMessage({
      to: email,
      kind: 'no-portal-user',
      subject: `Access to the customer portal for ${listAccounts(accounts)}`,
      greeting: hello(),
      lines: [
        `An administrator of ${listAccounts(accounts)} tried to give this email address access to the customer portal, but there is no portal user with this address, so nothing was changed.`,
        'If you expected this, ask the administrator to add you with "Add new user" or to send you an invitation. If you did not, you can ignore this message.',
      ],
    }),
  );
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
