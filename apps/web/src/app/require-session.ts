import type { MiddlewareFunction } from 'react-router';
import { redirect } from 'react-router';

import { paths } from '../config/paths.ts';
import { ensureLoginData } from '../lib/login-data.ts';

/**
 * Runs before every protected page (loaders included): no token → login; a session that
 * expired → login/session; login data reused for 900 s, otherwise reloaded; failed load →
 * signed out and login/user-data.
 */
export const requireSession: MiddlewareFunction = async () => {
  const check = await ensureLoginData();
  if (check === 'anonymous') throw redirect(paths.login());
  if (check === 'expired' || check === 'session') throw redirect(paths.login('session'));
  if (check === 'failed') throw redirect(paths.login('user-data'));
};
