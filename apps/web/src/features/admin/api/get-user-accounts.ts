import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';

/** Gives the staff member user access to every account of a user; the login data reloads next. */
export const loadUserAccounts = (userId: number) => request(calls.admin.getUserAccounts, { userId });

export const useLoadUserAccounts = () => useMutation({ mutationFn: loadUserAccounts, onSuccess: () => forceReload() });
