import { generate } from 'otplib';

const PERIOD = 30;

/**
 * RFC 6238 check with one step of drift either way. Returns the matching time step, so the caller
 * can refuse a code whose step was already used (a code is accepted once).
 */
export async function matchTotp(secret: string, code: string, nowMs: number): Promise<number | null> {
  const current = Math.floor(nowMs / 1000 / PERIOD);
  for (const step of [current, current - 1, current + 1]) {
    const expected = await generate({ secret, epoch: step * PERIOD });
    if (expected === code) return step;
  }
  return null;
}
