import type { MiddlewareFunction } from 'react-router';
import { redirect } from 'react-router';

import { basePath, paths } from '../config/paths.ts';
import { ensureLoginData } from '../lib/login-data.ts';
import { withReturnPath } from '../lib/return-path.ts';

/**
 * Runs before every protected page (loaders included): no token → login; a session that
 * expired → login/session; login data reused for 900 s, otherwise reloaded; failed load →
 * signed out and login/user-data.
 */
export const requireSession: MiddlewareFunction = async ({ request }) => {
  const check = await ensureLoginData();
  // The page asked for rides along as ?next= so sign-in lands there (router path, without the base).
  const url = new URL(request.url);
  const asked = url.pathname.replace(new RegExp(`^${basePath}(?=/|$)`), '') + url.search + url.hash;
  const toLogin = (path: string) => withReturnPath(path, asked, url.origin);
  if (check === 'anonymous') throw redirect(toLogin(paths.login()));
  if (check === 'expired' || check === 'session') throw redirect(toLogin(paths.login('session')));
  if (check === 'failed') throw redirect(paths.login('user-data'));
};
