import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Get started: a new secret key and its QR image (nothing changes until activated). */
export const getTwoFactorSecret = () => request(calls.profile.getTwoFactorSecret, {});

export const useGetTwoFactorSecret = () => useMutation({ mutationFn: getTwoFactorSecret });
