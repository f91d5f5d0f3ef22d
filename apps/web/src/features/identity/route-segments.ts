import { email, identity, signupAccess } from '@portal/contract';

import { exactSegments, idSegment } from '../../lib/segments.ts';

const isToken = (value: string | undefined): value is string => identity.linkToken.safeParse(value).success;

/** login/reset/{resetKey}/{email}: exactly two segments (the email URL-decoded); otherwise null. */
export function parseResetSegments(segments: readonly string[] | null): { resetKey: string; email: string } | null {
  const [resetKey, address] = exactSegments(segments, 2) ?? [];
  const parsed = email.safeParse(address);
  return isToken(resetKey) && parsed.success ? { resetKey, email: parsed.data } : null;
}

/** login/verify-email/{userId}/{hash} and login/verify-account/{userId}/{hash}: exactly two segments. */
export function parseVerificationSegments(segments: readonly string[] | null): { userId: number; hash: string } | null {
  const [user, hash] = exactSegments(segments, 2) ?? [];
  const userId = idSegment(user);
  return userId !== null && isToken(hash) ? { userId, hash } : null;
}

/** login/revoke-access/{key}: exactly one segment, a link key. */
export function parseRevokeSegments(segments: readonly string[] | null): { key: string } | null {
  const [key] = exactSegments(segments, 1) ?? [];
  return signupAccess.revokeKey.safeParse(key).success ? { key: key as string } : null;
}

/** s/accept-invitation/{hash}: exactly one segment, a link token. */
export function parseInvitationSegments(segments: readonly string[] | null): { hash: string } | null {
  const [hash] = exactSegments(segments, 1) ?? [];
  return isToken(hash) ? { hash } : null;
}
