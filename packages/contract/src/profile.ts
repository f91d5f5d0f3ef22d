import { z } from 'zod';

import { passcode, tokenData } from './auth.ts';
import { defineCall } from './call.ts';
import { email, passwordAttempt, requiredText } from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { checkAlways, newPassword, passwordConfirmation, refineNewPassword } from './password-policy.ts';

export const profileTexts = {
  profileUpdated: 'Your profile has been updated.',
  emailChanged: 'Your profile has been updated. We sent a verification link to your new email address.',
  passwordUpdated: 'Your password has been changed. Other sessions have been signed out.',
  twoFactorEnabled: 'Two-factor authentication is now on.',
  twoFactorDisabled: 'Two-factor authentication is now off.',
  wrongPassword: 'The current password is incorrect.',
  samePassword: 'The new password must be different from the current one.',
  twoFactorStillRequired: 'One of your accounts requires two-factor authentication, so it cannot be turned off.',
  actorCannotChange: 'Staff signed in as the user cannot change their password or two-factor settings.',
  alreadyOn: 'Two-factor authentication is already on. Turn it off first to use a new key.',
  secretInvalid: 'The secret key is not valid. Start again with Get started.',
  recoveryCodesNeedTwoFactor: 'Turn on two-factor authentication first; its recovery codes come with it.',
  recoveryCodesCreated: 'New recovery codes are ready. The old ones no longer work.',
} as const;

// The profile page stays reachable while two-factor is required but off: that is where it is turned on.
const profileAuth = { access: 'user', exempt: ['twoFactor'] } as const;

export const profile = z.object({
  user_id: z.number().int(),
  email_nm: z.string(),
  first_nm: z.string(),
  last_nm: z.string(),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

export const updateProfileInput = z.object({
  email_nm: email,
  first_nm: requiredText(100),
  last_nm: requiredText(100),
  /** The current password. */
  passwd: passwordAttempt,
});

export const updateProfile = defineCall({
  id: 'users.updateProfile',
  summary:
    'Change name and email (needs the current password). A new email address must be verified again: a link goes to it and a notice to the old one.',
  tag: 'profile',
  methods: ['POST'],
  path: '/users/update-profile',
  input: updateProfileInput,
  data: profile,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS', 'INVALID_TOKEN', 'EXPIRED_TOKEN', 'MAIL_FAILED'],
  auth: profileAuth,
});

export const updatePasswordInput = z
  .object({ current_password: passwordAttempt, passwd: newPassword, confirm: passwordConfirmation })
  .superRefine(refineNewPassword({ password: 'passwd', confirm: 'confirm' }), checkAlways);

export const updatePassword = defineCall({
  id: 'users.updatePassword',
  summary:
    "Change the password (current, new, confirm). Every other session's token stops working; the answer is a fresh token for this one.",
  tag: 'profile',
  methods: ['POST'],
  path: '/users/update-password',
  input: updatePasswordInput,
  data: tokenData,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: profileAuth,
});

export const twoFactorSecret = z.object({
  /** Base32 secret for authenticator apps that cannot scan. */
  key: z.string(),
  /** The otpauth:// URI as a QR code image (PNG data URL). */
  qr: z.string(),
});

export const getTwoFactorSecret = defineCall({
  id: 'users.getTwoFactorAuthenticationSecret',
  summary: 'Get started with two-factor: a new secret key and its QR image. Nothing changes until it is activated.',
  tag: 'profile',
  methods: ['GET'],
  path: '/users/get-two-factor-authentication-secret',
  input: z.object({}),
  data: twoFactorSecret,
  codes: ['SUCCESS', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: profileAuth,
});

/** A base32 TOTP secret of at least 128 bits. */
export const totpSecret = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  // Room for the 128 characters of the widest secret and the spaces an app may group them with.
  .max(256, { error: profileTexts.secretInvalid, abort: true })
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{26,128}=*$/, profileTexts.secretInvalid));

export const activateTwoFactor = defineCall({
  id: 'users.activateTwoFactorAuthenticationSecret',
  summary:
    'Turn two-factor on: the secret from get-started and a current passcode from the app (a passcode is accepted once).',
  tag: 'profile',
  methods: ['POST'],
  path: '/users/activate-two-factor-authentication-secret',
  input: z.object({ passcode, secretKey: totpSecret }),
  // The ten recovery codes, shown this once (decision 130).
  data: z.object({ two_factor_enabled: z.boolean(), recovery_codes: z.array(z.string()) }),
  codes: [
    'SUCCESS',
    'VALIDATION_ERROR',
    'INVALID_PASSCODE',
    'FORBIDDEN',
    'TOO_MANY_ATTEMPTS',
    'INVALID_TOKEN',
    'EXPIRED_TOKEN',
  ],
  auth: profileAuth,
});

export const disableTwoFactor = defineCall({
  id: 'users.disableTwoFactorAuthentication',
  summary: 'Turn two-factor off with the current password (not while an account of the user requires it).',
  tag: 'profile',
  methods: ['POST'],
  path: '/users/disable-two-factor-authentication',
  input: z.object({ currentPassword: passwordAttempt }),
  data: z.object({ two_factor_enabled: z.boolean() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: profileAuth,
});

export const createRecoveryCodes = defineCall({
  id: 'users.createRecoveryCodes',
  summary:
    'New two-factor recovery codes with the current password: ten one-time codes, shown this once, replacing the old set.',
  tag: 'profile',
  methods: ['POST'],
  path: '/users/create-recovery-codes',
  input: z.object({ currentPassword: passwordAttempt }),
  data: z.object({ recovery_codes: z.array(z.string()) }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: profileAuth,
});

export const getProfile = defineCall({
  id: 'users.getProfile',
  summary: "The signed-in user's profile fields, with whether the email address is verified.",
  tag: 'profile',
  methods: ['GET'],
  path: '/users/get-profile',
  input: z.object({}),
  data: profile,
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', exempt: ['legal', 'twoFactor'] },
});
