import * as calls from '@portal/contract/routes';
import { type identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';

/** Creates a portal user proven by an invoice of the account; the envelope's code is USER_CREATED. */
export const createUserFromInvoice = (input: CallInput<typeof identity.createUserFromInvoice>) =>
  requestEnvelope(calls.identity.createUserFromInvoice, input);

export const useCreateUserFromInvoice = () => useMutation({ mutationFn: createUserFromInvoice });
