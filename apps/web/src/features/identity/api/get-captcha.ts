import * as calls from '@portal/contract/routes';

import { request } from '../../../lib/request.ts';

/** A fresh captcha for a form: a proof-of-work challenge, or the reCAPTCHA site key. Never cached. */
export const getCaptcha = () => request(calls.captcha.getChallenge, {});
