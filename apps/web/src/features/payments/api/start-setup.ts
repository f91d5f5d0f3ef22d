import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Starts saving a payment method on the provider's hosted page; answers the page's address. */
export const startSetup = (accountId: number) => request(calls.payments.startSetup, { accountId });

export const useStartSetup = () => useMutation({ mutationFn: startSetup });
