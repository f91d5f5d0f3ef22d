import type { FastifyInstance } from 'fastify';

import { pins } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { pinsService } from './pins.service.ts';

export async function pinsRoutes(app: FastifyInstance, deps: Deps) {
  const service = pinsService(deps);
  route(app, deps, pins.getUserAccountsPins, ({ caller }) => service.list(caller));
  route(app, deps, pins.sendPinReset, ({ input, caller, request }) =>
    service.sendReset(caller, input.accountId, request.ip),
  );
  route(app, deps, pins.resetPin, ({ input, caller, request }) =>
    service.reset(caller, input.reset_key, input.account_id, request.ip),
  );
}
