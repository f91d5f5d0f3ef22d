import type { FastifyInstance } from 'fastify';

import { captcha } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createCaptcha } from './captcha.service.ts';

export async function captchaRoutes(app: FastifyInstance, deps: Deps) {
  const service = createCaptcha(deps);
  route(app, deps, captcha.getChallenge, async ({ reply }) => {
    // Cheap to make (one hash and a signature), so not rate-limited; the forms that check answers are.
    reply.header('cache-control', 'no-store');
    return service.setup();
  });
}
