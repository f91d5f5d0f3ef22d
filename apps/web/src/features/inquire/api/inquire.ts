import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type contact } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';

/** Sends an inquiry to the provider; resolves with the server's confirmation. */
export const sendInquiry = (inquiry: CallInput<typeof contact.inquire>) =>
  requestEnvelope(calls.contact.inquire, inquiry);

export const useSendInquiry = () => useMutation({ mutationFn: sendInquiry });
