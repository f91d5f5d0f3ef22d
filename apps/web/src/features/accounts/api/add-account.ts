import * as calls from '@portal/contract/routes';
import { type accounts, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';

/** Links an account to the viewer by its account number and one of its invoice numbers. */
export const addAccount = (input: CallInput<typeof accounts.addAccount>) => request(calls.accounts.addAccount, input);

/** On success the login data reloads on the next page load (spec core.md section 4). */
export const useAddAccount = () => useMutation({ mutationFn: addAccount, onSuccess: () => forceReload() });
