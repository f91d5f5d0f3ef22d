import { readTokenPayload } from '../../lib/token.ts';

/** The staff level of the session: uss_admin_level from the token (the spec's source of staff rights). */
export const staffLevel = (): number => readTokenPayload()?.uss_admin_level ?? 0;
