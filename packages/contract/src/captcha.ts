import { z } from 'zod';

import { defineCall } from './call.ts';

/** An ALTCHA proof-of-work challenge, as the widget takes it (altcha-lib v2 format). */
export const altchaChallenge = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string(),
});
export type AltchaChallenge = z.infer<typeof altchaChallenge>;

/** What the captcha field of a form needs: a self-hosted challenge, or the reCAPTCHA site key. */
export const captchaSetup = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('altcha'), challenge: altchaChallenge }),
  z.object({ provider: z.literal('recaptcha'), site_key: z.string() }),
]);
export type CaptchaSetup = z.infer<typeof captchaSetup>;

export const getChallenge = defineCall({
  id: 'captcha.getChallenge',
  summary:
    'A fresh captcha for the account-creation and verification forms: a signed proof-of-work challenge (self-hosted, the default) or the reCAPTCHA site key. Answers are single-use.',
  tag: 'captcha',
  methods: ['GET'],
  path: '/captcha/get-challenge',
  input: z.object({}),
  data: captchaSetup,
  codes: ['SUCCESS'],
  auth: { access: 'public' },
});
