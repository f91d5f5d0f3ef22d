/** Every user-facing text the spec fixes, in one place, quoted exactly. */
export const validationMessages = {
  required: 'This value is required.',
  email: 'This value should be a valid email.',
  minlength: 'too short',
  maxlength: 'too long',
  equalto: 'This value should be the same.',
  type: 'This value is not valid.',
  number: 'This value should be a valid number.',
  integer: 'This value should be a valid integer.',
  digits: 'This value should be digits.',
  alphanum: 'This value should be alphanumeric.',
  url: 'This value should be a valid url.',
  min: (n: number) => `This value should be greater than or equal to ${n}.`,
  max: (n: number) => `This value should be lower than or equal to ${n}.`,
  mincheck: (n: number) => `You must select at least ${n} choices.`,
  maxcheck: (n: number) => `You must select ${n} choices or fewer.`,
} as const;

export const popups = {
  tooManyAttempts: {
    title: 'Too Many Requests',
    body: "You have made too many requests recently. This won't take long to correct. Please try again soon.",
  },
  legal: {
    title: 'License Agreements',
    body: 'You must accept a new license agreement to continue with our portal. You will be redirected soon.',
  },
  twoFactorRequired: { title: 'Two-Factor Auth Required' },
  downloadError: { title: 'Download Error', body: 'There was an error downloading this file.' },
  ordersDownloadError: {
    title: 'Download Error',
    body: 'There was an error downloading this file. This may be because there are no services to download. Change your search settings, and try again.',
  },
  vmsDownloadError: {
    title: 'Download Error',
    body: 'There was an error downloading this file. This may be because there are no VMs to download. Change your search settings, and try again.',
  },
} as const;

export const loginReasons = {
  session: 'Your previous session is no longer valid. Please log in again.',
  'user-data': 'There was an issue getting your user data. Please log in again.',
  'portal-redirect': 'Welcome to the customer portal. Please log in to continue.',
} as const;
export type LoginReason = keyof typeof loginReasons;

export const messages = {
  redirecting: 'Redirecting...',
  noInvoice: 'No invoice found.',
  noServicesBreakdown: 'There is no services breakdown for this invoice.',
  noOrder: 'No order found.',
  chartError: 'An unknown error occurred.',
  chartEmpty: 'No data available for this period.',
  noThreats: 'There are no threats within this time period.',
  pinLinkInvalid:
    'This PIN reset link has already been used, or is invalid. Use the link below to reset the pin for this account.',
  userNeedsAccount: 'This user must have access to at least one account.',
  selectAccountToRemove: 'You must select at least one account to remove.',
  userIdInvalid: 'User ID is invalid. Please try again.',
  noPermissionAddUsers: 'Your account does not have permission to add new portal users.',
  noPermissionDeleteUsers: 'Your account does not have permission to delete users.',
  noPermissionEditUser: 'Your account does not have permission to edit this user',
  noPermissionEditUsers: 'Your account does not have permission to edit users',
  noAccounts: 'Your portal user is not linked to any customer account yet.',
  genericError: 'Something went wrong. Please try again.',
  invalidCredentials: 'The email or password you entered is incorrect.',
  invalidPasscode: 'The passcode is incorrect or has already been used.',
  notFound: 'The requested item was not found.',
  emailNotVerified: 'Please verify your email address before signing in.',
} as const;

/** Texts of the identity pages and answers, in one place. */
export const identityTexts = {
  forgotSent:
    'If a portal user has that email address, we have sent it a link to reset the password. The link works once, for one hour.',
  resendSent:
    'If a portal user with that email address still needs to verify it, we have sent a new verification link.',
  resetLinkInvalid: 'This password reset link has expired or has already been used. Please ask for a new one.',
  verifyLinkInvalid: 'This verification link has expired or has already been used.',
  passwordReset: 'Your password has been reset. You can now log in with the new password.',
  emailVerified: 'Your email address has been verified.',
  accountVerified: 'Your account has been verified and your password is set.',
  notVerified: 'Your email address could not be verified. The link may have expired or already been used.',
  userCreated: 'Your portal user has been created.',
  userCreatedMailFailed:
    'Your portal user has been created, but we could not send the verification email. Ask for a new one with "Resend verification email".',
  accountInvoiceMismatch: 'The account number and invoice number do not match any invoice of that account.',
  accessRequested: "We asked the account's administrators to give you access.",
  accessRequestFailed: 'We could not send your access request to the account administrators; please contact support.',
  accountNotFound: 'We could not find an active account with this account number.',
  invitationInvalid:
    'This invitation link has expired or has already been used. Ask your account administrator for a new one.',
  emailTaken: 'A portal user with this email address already exists. Log in, or reset your password.',
  legalRequired: 'You must agree to the terms to create a portal user.',
  captchaFailed: 'The captcha check failed. Please try again.',
  invitationNeedsUser:
    'This invitation is for a new portal user. Create your portal user with the link in the invitation message.',
  invitationAccepted: 'You accepted the invitation. Sign in to see the accounts.',
  unverifiedBanner: 'Please verify your email address with the link we sent you.',
} as const;
