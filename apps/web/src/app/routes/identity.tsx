import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { parseCreateAccountSegments } from '../../features/identity/create-account-route.ts';
import { lazySegmentGuard, segmentGuard } from '../segment-guard.ts';

/**
 * Identity pages open to anonymous visitors: account creation, password reset, email verification,
 * and the local outbox (embedded default without SMTP). Static login/... paths rank above login/:reason.
 */
/** The link pages check their tokens and addresses with the contract's field rules, loaded with the route. */
const linkSegments = () => import('../../features/identity/route-segments.ts');

const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

export const identityRoutes: RouteObject[] = [
  {
    path: 's/create-account/*',
    loader: segmentGuard(parseCreateAccountSegments),
    lazy: page(() => import('../../features/identity/pages/CreateAccountPage.tsx'), 'CreateAccountPage'),
  },
  {
    path: 's/accept-invitation/*',
    loader: lazySegmentGuard(linkSegments, (m) => m.parseInvitationSegments),
    lazy: page(() => import('../../features/identity/pages/AcceptInvitationPage.tsx'), 'AcceptInvitationPage'),
  },
  {
    path: 'login/forgot-password',
    lazy: page(() => import('../../features/identity/pages/ForgotPasswordPage.tsx'), 'ForgotPasswordPage'),
  },
  {
    path: 'login/resend-verification',
    lazy: page(() => import('../../features/identity/pages/ResendVerificationPage.tsx'), 'ResendVerificationPage'),
  },
  {
    path: 'login/reset/*',
    loader: lazySegmentGuard(linkSegments, (m) => m.parseResetSegments),
    lazy: page(() => import('../../features/identity/pages/ResetPasswordPage.tsx'), 'ResetPasswordPage'),
  },
  {
    path: 'login/verify-email/*',
    loader: lazySegmentGuard(linkSegments, (m) => m.parseVerificationSegments),
    lazy: page(() => import('../../features/identity/pages/VerifyEmailPage.tsx'), 'VerifyEmailPage'),
  },
  {
    path: 'login/verify-account/*',
    loader: lazySegmentGuard(linkSegments, (m) => m.parseVerificationSegments),
    lazy: page(() => import('../../features/identity/pages/VerifyAccountPage.tsx'), 'VerifyAccountPage'),
  },
  {
    path: 'login/revoke-access/*',
    loader: lazySegmentGuard(linkSegments, (m) => m.parseRevokeSegments),
    lazy: page(() => import('../../features/signup-access/pages/RevokeSignupAccessPage.tsx'), 'RevokeSignupAccessPage'),
  },
  { path: 'dev/outbox', lazy: page(() => import('../../features/outbox/pages/OutboxPage.tsx'), 'OutboxPage') },
];
