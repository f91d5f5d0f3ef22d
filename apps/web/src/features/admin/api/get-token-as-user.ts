import * as calls from '@portal/contract/routes';

import { request } from '../../../lib/request.ts';

/** Step 2 of signing in as a user: a token for them naming the staff member (recorded on the server). */
export const getTokenAsUser = (userId: number, reason: string) =>
  request(calls.admin.getTokenAsUser, { userId, reason });
