import { email, identity } from '@portal/contract';

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
