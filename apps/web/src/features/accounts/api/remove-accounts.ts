import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';

/** Removes accounts from the viewer's own portal access; answers the ids removed. */
export const removeAccounts = (accountIds: readonly number[]) =>
  request(calls.accounts.removeAccounts, { accounts: accountIds.map((account_id) => ({ account_id })) });

export const useRemoveAccounts = () => useMutation({ mutationFn: removeAccounts, onSuccess: () => forceReload() });
