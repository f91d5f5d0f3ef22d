import { admin } from '@portal/contract';

import { request } from '../../../lib/request.ts';

/** Step 2 of signing in as a user: a token for them naming the staff member (recorded on the server). */
export const getTokenAsUser = (userId: number) => request(admin.getTokenAsUser, { userId });
