import { captcha } from '@portal/contract';

import { request } from '../../../lib/request.ts';

/** A fresh captcha for a form: a proof-of-work challenge, or the reCAPTCHA site key. Never cached. */
export const getCaptcha = () => request(captcha.getChallenge, {});
