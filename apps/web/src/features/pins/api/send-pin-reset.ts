import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Mails the user a single-use link that resets the account's PIN. */
export const sendPinReset = (accountId: number) => request(calls.pins.sendPinReset, { accountId });

export const useSendPinReset = () => useMutation({ mutationFn: sendPinReset });
