import type { Deps } from '../../deps.ts';
import { sendSetPasswordInvitation } from '../identity/verification.service.ts';
import { uninvitedLoadedUsers } from './invitations.repository.ts';

/**
 * The staff action that follows a users feed loaded without invitations (decision 124): every loaded user
 * who never signed in gets the set-password invitation, one mail after another and outside any
 * transaction. Users whose link still works are left out, so pressing it twice mails no one twice.
 */
export async function inviteLoadedUsers(deps: Deps): Promise<{ invited: number }> {
  const users = await uninvitedLoadedUsers(deps.db, deps.clock.now());
  for (const { user_id } of users) await sendSetPasswordInvitation(deps, user_id);
  return { invited: users.length };
}
