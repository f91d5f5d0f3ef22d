import { z } from 'zod';

import { defineCall } from './call.ts';
import { digits, email, id, requiredText } from './fields.ts';
import { identityTexts, validationMessages as m } from './messages.ts';
import { checkAlways, newPassword, passwordConfirmation, refineNewPassword } from './password-policy.ts';

export const texts = identityTexts;

/** The captcha answer every protected form sends (the reCAPTCHA field name, whatever the provider). */
export const captchaResponse = z
  .string({ error: texts.captchaFailed })
  .min(1, texts.captchaFailed)
  .max(20000, m.maxlength);

/** The agreement checkbox: true, 'on', '1' or 'true'. */
export const legalAgree = z.preprocess(
  (value) => value === true || value === 'on' || value === '1' || value === 'true' || value === 1,
  z.literal(true, { error: texts.legalRequired }),
);

/** A link token from a message (reset key, verification or invitation hash). */
export const linkToken = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(200, m.maxlength)
  .regex(/^[\w-]+$/, m.alphanum);

const okData = z.object({ message: z.string() });

export const forgotPassword = defineCall({
  id: 'auth.forgotPassword',
  summary: 'Send a password reset link. The same answer whether or not a user has the address (no enumeration).',
  tag: 'auth',
  methods: ['POST'],
  path: '/auth/forgot-password',
  input: z.object({ email }),
  data: okData,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS', 'MAIL_FAILED'],
  auth: { access: 'public' },
});

export const resetPasswordInput = z
  .object({ reset_key: linkToken, email_nm: email, passwd: newPassword, confirm: passwordConfirmation })
  .superRefine(refineNewPassword({ password: 'passwd', confirm: 'confirm', email: 'email_nm' }), checkAlways);

export const resetPassword = defineCall({
  id: 'auth.resetPassword',
  summary: 'Set a new password with the single-use key of a reset link (valid one hour). Signs out every session.',
  tag: 'auth',
  methods: ['POST'],
  path: '/auth/reset-password',
  input: resetPasswordInput,
  data: okData,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'public' },
});

export const verifyEmail = defineCall({
  id: 'users.verifyEmail',
  summary: 'Verify an email address with the single-use link of a verification message.',
  tag: 'users',
  methods: ['POST'],
  path: '/users/verify-email',
  input: z.object({ userId: id, hash: linkToken }),
  data: okData,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'public' },
});

export const verifyEmailAndSetPasswordInput = z
  .object({
    userId: id,
    hash: linkToken,
    passwd: newPassword,
    confirm: passwordConfirmation,
    g_recaptcha_response: captchaResponse,
  })
  .superRefine(refineNewPassword({ password: 'passwd', confirm: 'confirm' }), checkAlways);

export const verifyEmailAndSetPassword = defineCall({
  id: 'users.verifyEmailAndSetPassword',
  summary: 'Invited users: verify the email address and set the first password (single-use link, captcha).',
  tag: 'users',
  methods: ['POST'],
  path: '/users/verify-email-and-set-password',
  input: verifyEmailAndSetPasswordInput,
  data: okData,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'public' },
});

export const resendVerification = defineCall({
  id: 'users.resendVerification',
  summary: 'Send a new verification link. The same answer whether or not a user has the address (no enumeration).',
  tag: 'users',
  methods: ['POST'],
  path: '/users/resend-verification',
  input: z.object({ email_nm: email }),
  data: okData,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS', 'MAIL_FAILED'],
  auth: { access: 'public' },
});

const newUserFields = {
  email_nm: email,
  first_nm: requiredText(100),
  last_nm: requiredText(100),
  passwd: newPassword,
  confirm: passwordConfirmation,
  legal_agree: legalAgree,
  g_recaptcha_response: captchaResponse,
};
const newUserRules = refineNewPassword({ password: 'passwd', confirm: 'confirm', email: 'email_nm' });

export const accountNumber = digits(20);
export const invoiceNumber = requiredText(40).pipe(z.string().regex(/^[\w-]+$/, m.alphanum));

export const createUserFromAccountInput = z
  .object({ ...newUserFields, account_number: accountNumber })
  .superRefine(newUserRules, checkAlways);
export const createUserFromInvoiceInput = z
  .object({ ...newUserFields, account_number: accountNumber, invoice_number: invoiceNumber })
  .superRefine(newUserRules, checkAlways);
export const createUserFromHashInput = z
  .object({ ...newUserFields, hash: linkToken, account_id: id })
  .superRefine(newUserRules, checkAlways);

/** `verification_sent` is false when the user was created but the verification message could not be sent. */
export const createdUser = z.object({
  user_id: z.number().int(),
  email_verified: z.boolean(),
  verification_sent: z.boolean(),
});

const createCodes = ['USER_CREATED', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS', 'MAIL_FAILED'] as const;

export const createUserFromAccount = defineCall({
  id: 'users.createUserFromAccount',
  summary:
    "Create a portal user who asks for access to an account by its number. The account's administrators are told; the user gets access when one of them grants it.",
  tag: 'users',
  methods: ['POST'],
  path: '/users/create-user-from-account',
  input: createUserFromAccountInput,
  data: createdUser,
  codes: createCodes,
  auth: { access: 'public' },
});

export const createUserFromInvoice = defineCall({
  id: 'users.createUserFromInvoice',
  summary: 'Create a portal user on an account, proven by an invoice number of that account. Answers USER_CREATED.',
  tag: 'users',
  methods: ['POST'],
  path: '/users/create-user-from-invoice',
  input: createUserFromInvoiceInput,
  data: createdUser,
  codes: createCodes,
  auth: { access: 'public' },
});

export const createUserFromHash = defineCall({
  id: 'users.createUserFromHash',
  summary:
    'Create a portal user from an invitation link (valid, unused, unexpired hash for the account). Answers USER_CREATED.',
  tag: 'users',
  methods: ['POST'],
  path: '/users/create-user-from-hash',
  input: createUserFromHashInput,
  data: createdUser,
  codes: createCodes,
  auth: { access: 'public' },
});

/** What an invitation link opens: who it is for and the access it grants (decision 084). */
export const invitationDetails = z.object({
  email_nm: z.string(),
  first_nm: z.string().nullable(),
  last_nm: z.string().nullable(),
  /** Whether the address already has a portal user: the person then accepts instead of creating one. */
  has_portal_user: z.boolean(),
  accounts: z.array(z.object({ account_number: z.string(), name: z.string(), is_account_admin: z.boolean() })),
});
export type InvitationDetails = z.infer<typeof invitationDetails>;

export const checkInvitation = defineCall({
  id: 'users.checkInvitation',
  summary:
    'What an invitation link grants, checked before its form is shown: a used, cancelled, expired or forged link answers VALIDATION_ERROR on hash.',
  tag: 'users',
  methods: ['GET'],
  path: '/users/check-invitation',
  input: z.object({ hash: linkToken }),
  data: invitationDetails,
  codes: ['SUCCESS', 'VALIDATION_ERROR'],
  auth: { access: 'public' },
});

export const acceptInvitation = defineCall({
  id: 'users.acceptInvitation',
  summary:
    'The person an invitation was sent to accepts it with the link: their portal user gets the access it grants (never less than they already have). The link works once.',
  tag: 'users',
  methods: ['POST'],
  path: '/users/accept-invitation',
  input: z.object({ hash: linkToken }),
  data: invitationDetails,
  codes: ['SUCCESS', 'VALIDATION_ERROR'],
  auth: { access: 'public' },
});
