import { createGuardrails, generate } from 'otplib';

const PERIOD = 30;

// Authenticator apps commonly hold 80-bit secrets (such as the demo's); otplib 13 refuses under 128 bits
// by default. New secrets the portal generates are 160 bits; existing shorter ones still verify.
export const totpGuardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

/**
 * RFC 6238 check with one step of drift either way. Returns the matching time step, so the caller
 * can refuse a code whose step was already used (a code is accepted once).
 */
export async function matchTotp(secret: string, code: string, nowMs: number): Promise<number | null> {
  const current = Math.floor(nowMs / 1000 / PERIOD);
  for (const step of [current, current - 1, current + 1]) {
    const expected = await generate({ secret, epoch: step * PERIOD, guardrails: totpGuardrails });
    if (expected === code) return step;
  }
  return null;
}
