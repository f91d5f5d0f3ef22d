import { profile } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Get started: a new secret key and its QR image (nothing changes until activated). */
export const getTwoFactorSecret = () => request(profile.getTwoFactorSecret, {});

export const useGetTwoFactorSecret = () => useMutation({ mutationFn: getTwoFactorSecret });
