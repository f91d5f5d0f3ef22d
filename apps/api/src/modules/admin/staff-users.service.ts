import type { Deps } from '../../deps.ts';
import { insertPasswordReset } from '../identity/password-reset.service.ts';
import { linkLifetimes, newLinkToken } from '../identity/link-tokens.ts';
import { resetLink } from '../identity/password-reset.service.ts';
import { upsertStaffUser } from './staff-users.repository.ts';

export interface NewStaffUser {
  email: string;
  firstName: string;
  lastName: string;
  level: 1 | 2 | 3;
}

/**
 * The first staff user of a production portal: there is no demo data and nobody to invite them, so
 * whoever runs the command gets a one-time set-password link (the password reset page, one hour).
 * Running it again for the same address sets the level and gives a new link; older links stop working.
 */
export async function createStaffUser(deps: Pick<Deps, 'db' | 'clock' | 'env'>, user: NewStaffUser) {
  const { token, hash } = newLinkToken();
  const now = deps.clock.now();
  return deps.db.tx(async (db) => {
    const row = await upsertStaffUser(db, user);
    if (!row) throw new Error('the staff user could not be written');
    await insertPasswordReset(db, row.user_id, hash, now, now + linkLifetimes.passwordReset);
    return { userId: row.user_id, created: row.created, link: resetLink(deps.env, token, user.email) };
  });
}
