import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppError } from '../../src/lib/errors.ts';
import { createTokens } from '../../src/lib/tokens.ts';

const secret = 'test-secret-that-is-long-enough-0123456789';
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'VALID',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

// Verified tokens are remembered (the HMAC check was the largest cost of a light call): the answers
// must be exactly those of checking every time.
describe('token verification, remembered', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token it verified before the same way until it expires, then EXPIRED_TOKEN', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    const tokens = createTokens(secret, 60);
    const { token } = await tokens.sign({ user_id: 7, uss_admin_level: 0, tv: 3 });
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ user_id: 7, tv: 3 });
    expect(await tokens.verify(token)).toEqual(first);
    vi.setSystemTime(new Date('2026-11-24T12:00:59Z'));
    expect(await codeOf(tokens.verify(token))).toBe('VALID');
    // exp = iat + 60: expired from that second on, as jose decides.
    vi.setSystemTime(new Date('2026-11-24T12:01:00Z'));
    expect(await codeOf(tokens.verify(token))).toBe('EXPIRED_TOKEN');
    expect(await codeOf(tokens.verify(token))).toBe('EXPIRED_TOKEN');
  });

  it('refuses a changed token however often the original was accepted', async () => {
    const tokens = createTokens(secret, 3600);
    const { token } = await tokens.sign({ user_id: 7, uss_admin_level: 0, tv: 3 });
    for (let i = 0; i < 3; i++) expect(await codeOf(tokens.verify(token))).toBe('VALID');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), uss_admin_level: 3 }),
    ).toString('base64url');
    expect(await codeOf(tokens.verify(`${header}.${raised}.${signature}`))).toBe('INVALID_TOKEN');
    expect(await codeOf(tokens.verify(`${token}x`))).toBe('INVALID_TOKEN');
    expect(await codeOf(tokens.verify(token.slice(0, -1)))).toBe('INVALID_TOKEN');
  });

  it('does not take a token verified by a process with another secret', async () => {
    const mine = createTokens(secret, 3600);
    const theirs = createTokens('another-secret-that-is-long-enough-0123456789', 3600);
    const { token } = await theirs.sign({ user_id: 7, uss_admin_level: 3, tv: 0 });
    expect(await codeOf(theirs.verify(token))).toBe('VALID');
    expect(await codeOf(mine.verify(token))).toBe('INVALID_TOKEN');
  });
});
