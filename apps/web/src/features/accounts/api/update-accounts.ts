import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';

/** Sets which administered accounts require two-factor: the listed ones do, the others do not. */
export const updateAccounts = (requiredIds: readonly number[]) =>
  request(calls.accounts.updateAccounts, { accounts: requiredIds.map((account_id) => ({ account_id })) });

export const useUpdateAccounts = () => useMutation({ mutationFn: updateAccounts, onSuccess: () => forceReload() });
