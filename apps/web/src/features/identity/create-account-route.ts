import { idSegment, optionalSegments } from '../../lib/segments.ts';

export interface CreateAccountSegments {
  accountId: number | null;
  hash: string | null;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * s/create-account/{accountId}/{verificationHash}/{email}/{firstName}/{lastName}: every segment
 * optional (already URL-decoded). A hash needs a valid account id; other bad values → null (dashboard).
 */
export function parseCreateAccountSegments(segments: readonly string[] | null): CreateAccountSegments | null {
  const parts = optionalSegments(segments, 5);
  if (!parts) return null;
  const [account, hash, email = '', firstName = '', lastName = ''] = parts;
  const accountId = account === undefined ? null : idSegment(account);
  if (account !== undefined && accountId === null) return null;
  if (hash !== undefined && !/^[\w-]{1,200}$/.test(hash)) return null;
  return { accountId, hash: accountId !== null && hash ? hash : null, email, firstName, lastName };
}
