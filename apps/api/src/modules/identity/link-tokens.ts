import { createHash, randomBytes } from 'node:crypto';

/** How long each kind of link in a message works. */
export const linkLifetimes = {
  passwordReset: 60 * 60 * 1000,
  emailVerification: 72 * 60 * 60 * 1000,
  setPassword: 7 * 24 * 60 * 60 * 1000,
  invitation: 7 * 24 * 60 * 60 * 1000,
} as const;

/** The SHA-256 of a link token: what the database keeps, so a leaked table opens no link. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh link token (256 random bits, URL-safe) and its hash. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}
