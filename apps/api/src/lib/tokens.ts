import { errors, jwtVerify, SignJWT } from 'jose';

import type { TokenPayload } from '@portal/contract';

import { AppError } from './errors.ts';

export interface TokenClaims extends TokenPayload {
  /** Token version: bumping the user's version (password change, sign out everywhere) revokes old tokens. */
  tv: number;
  /** The staff member who signed in as this user, if any. */
  act?: number;
}

export function createTokens(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const claims = payload as unknown as TokenClaims;
        if (typeof claims.user_id !== 'number' || typeof claims.tv !== 'number') throw new Error('bad claims');
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
