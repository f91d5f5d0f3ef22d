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
