import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';

/** The invited portal user accepts the access an invitation grants (the link works once). */
export const acceptInvitation = (hash: string) => requestEnvelope(calls.identity.acceptInvitation, { hash });

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
