import type { auth } from '@portal/contract';

import { paths } from '../../config/paths.ts';
import type { LoadResult } from '../../lib/login-data.ts';
import { loadLoginData } from '../../lib/login-data.ts';
import { rememberViewer } from '../../lib/render-cookies.ts';
import { saveToken } from '../../lib/token.ts';

/** Where each outcome of the login-data load sends the user. */
const destination: Record<LoadResult, string> = {
  ok: paths.home(),
  failed: paths.login('user-data'),
  session: paths.login('session'),
};

/**
 * Stores the new token, loads the login data (with its retries) and says where to go next: the page
 * the user asked for (`returnTo`, already checked to be an app path) or the dashboard.
 */
export async function completeSignIn(token: auth.TokenData, returnTo: string | null = null): Promise<string> {
  saveToken(token.token, token.expires_at);
  // The server renders the signed-in pages by this browser's locale and time zone (decision 109).
  rememberViewer();
  const result = await loadLoginData();
  return result === 'ok' && returnTo ? returnTo : destination[result];
}
