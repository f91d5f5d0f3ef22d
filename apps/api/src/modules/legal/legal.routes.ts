import type { FastifyInstance } from 'fastify';

import { legal } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createLegalService } from './legal.service.ts';

export async function legalRoutes(app: FastifyInstance, deps: Deps) {
  const service = createLegalService(deps);
  route(app, deps, legal.getUnacceptedAgreements, ({ caller }) => service.unaccepted(caller));
  route(app, deps, legal.getActiveAgreements, () => service.active());
  route(app, deps, legal.getAgreement, ({ caller, input }) => service.get(caller, input.legalAgreementId));
  route(app, deps, legal.acceptAgreement, ({ caller, input }) => service.accept(caller, input.legalAgreementId));
}
