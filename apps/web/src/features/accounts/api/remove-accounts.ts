import { accounts } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';

/** Removes accounts from the viewer's own portal access; answers the ids removed. */
export const removeAccounts = (accountIds: readonly number[]) =>
  request(accounts.removeAccounts, { accounts: accountIds.map((account_id) => ({ account_id })) });

export const useRemoveAccounts = () => useMutation({ mutationFn: removeAccounts, onSuccess: () => forceReload() });
