import * as calls from '@portal/contract/routes';

import { request } from '../../../lib/request.ts';

/** Step 1 of signing in as a user: find them by email. */
export const getUserByEmail = (email: string) => request(calls.admin.getUserByEmail, { email });
