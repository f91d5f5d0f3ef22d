import { errors, jwtVerify, SignJWT } from 'jose';

import type { TokenPayload } from '@portal/contract';

import { AppError } from './errors.ts';

export interface TokenClaims extends TokenPayload {
  /** Token version: bumping the user's version (password change, sign out everywhere) revokes old tokens. */
  tv: number;
  /** The staff member who signed in as this user, if any. */
  act?: number;
}

/** How many verified tokens a process remembers (a few MB at most); the oldest is forgotten first. */
const VERIFIED_TOKENS = 10_000;

export function createTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  // Imported once: jose would import the raw secret into a WebCrypto key on every verification.
  const verifyKey = crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  verifyKey.catch(() => {}); // a failure shows (as INVALID_TOKEN) where it is awaited
  // A token's text either carries a valid signature or not, for good: once verified, only its expiry
  // can change the answer. Every request of a session sends the same token, and checking the HMAC
  // through WebCrypto was the largest CPU cost of a light call, so verified tokens are remembered
  // until they expire (checked on every use, as jose checks it). Refused tokens are never remembered.
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    ttlSeconds,
    async sign(claims: Omit<TokenClaims, 'expires_at'>, nowSeconds = Math.floor(Date.now() / 1000)) {
      const expires_at = nowSeconds + ttlSeconds;
      const token = await new SignJWT({ ...claims, expires_at })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(nowSeconds)
        .setExpirationTime(expires_at)
        .sign(key);
      return { token, expires_at };
    },
    async verify(token: string): Promise<TokenClaims> {
      const known = verified.get(token);
      // jose's rule: expired when exp <= now, in whole seconds.
      if (known && known.exp > Math.floor(Date.now() / 1000)) return known.claims;
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await verifyKey, { algorithms: ['HS256'] });
        const claims = payload as unknown as TokenClaims;
        if (typeof claims.user_id !== 'number' || typeof claims.tv !== 'number') throw new Error('bad claims');
        if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
        verified.set(token, { claims, exp: payload.exp ?? Number.POSITIVE_INFINITY });
        return claims;
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new AppError('EXPIRED_TOKEN', 'Your session has expired. Please sign in again.');
        }
        throw new AppError('INVALID_TOKEN', 'Your session is not valid. Please sign in again.');
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
