import { createHmac } from 'node:crypto';

import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

import { identity, type captcha } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { invalid } from '../../lib/errors.ts';
import { spendCaptcha } from './captcha.repository.ts';

/** How long a captcha challenge can be answered. */
export const captchaLifetimeSeconds = 10 * 60;

export interface Captcha {
  /** What the form's captcha field needs. */
  setup(): Promise<captcha.CaptchaSetup>;
  /** Throws VALIDATION_ERROR on `g_recaptcha_response` unless the answer is valid and not used before. */
  assertSolved(response: string, address: string): Promise<void>;
}

const failed = () => invalid({ g_recaptcha_response: [identity.texts.captchaFailed] });

/** The self-hosted proof of work (ALTCHA): no third party, works offline. */
function altcha(deps: Pick<Deps, 'env' | 'db' | 'clock'>): Captcha {
  // A secret of its own, derived from the token secret, so nothing else needs configuring.
  const secret = createHmac('sha256', deps.env.JWT_SECRET).update('captcha').digest('hex');
  const complexity = deps.env.CAPTCHA_COMPLEXITY;
  return {
    async setup() {
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(complexity, Math.ceil(complexity / 10)),
        deriveKey,
        expiresAt: Math.floor(deps.clock.now() / 1000) + captchaLifetimeSeconds,
        hmacSignatureSecret: secret,
      });
      return { provider: 'altcha', challenge: challenge as captcha.AltchaChallenge };
    },
    async assertSolved(response) {
      const payload = decode(response);
      if (!payload) throw failed();
      const expiresAt = payload.challenge.parameters.expiresAt;
      // The injected clock decides expiry (altcha-lib checks the real time as well).
      if (typeof expiresAt !== 'number' || expiresAt * 1000 <= deps.clock.now()) throw failed();
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secret,
      });
      if (!result.verified) throw failed();
      // The signature covers the nonce, so the nonce names this challenge.
      if (!(await spendCaptcha(deps.db, payload.challenge.parameters.nonce, expiresAt, deps.clock.now())))
        throw failed();
    },
  };
}

function decode(response: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const value = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { challenge, solution } = value as { challenge?: Challenge; solution?: Solution };
    if (!challenge?.parameters || typeof challenge.parameters.nonce !== 'string' || !solution) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/** A reCAPTCHA-compatible verifier (Google's siteverify, or any service with the same protocol). */
function recaptcha(env: Deps['env'], fetchFn: typeof fetch): Captcha {
  return {
    async setup() {
      return { provider: 'recaptcha', site_key: env.RECAPTCHA_SITE_KEY ?? '' };
    },
    async assertSolved(response, address) {
      const body = new URLSearchParams({ secret: env.RECAPTCHA_SECRET ?? '', response, remoteip: address });
      let answer: { success?: unknown };
      try {
        const res = await fetchFn(env.RECAPTCHA_VERIFY_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        answer = (await res.json()) as { success?: unknown };
      } catch {
        throw failed();
      }
      // The verifying service remembers tokens it has seen, so a token is single-use there.
      if (answer.success !== true) throw failed();
    },
  };
}

/** The captcha chosen by CAPTCHA_PROVIDER: 'altcha' (default, self-hosted) or 'recaptcha'. */
export function createCaptcha(deps: Pick<Deps, 'env' | 'db' | 'clock'>, fetchFn: typeof fetch = fetch): Captcha {
  return deps.env.CAPTCHA_PROVIDER === 'recaptcha' ? recaptcha(deps.env, fetchFn) : altcha(deps);
}
