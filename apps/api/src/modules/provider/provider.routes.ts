import type { FastifyInstance } from 'fastify';

import { provider as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { providerService } from './provider.service.ts';

/** The provider profile (decision 123): what every page shows of the provider, and the staff page's calls. */
export async function providerRoutes(app: FastifyInstance, deps: Deps) {
  const service = providerService(deps);
  route(app, deps, contract.getPublicProfile, () => service.publicProfile());
  route(app, deps, contract.getLogo, ({ reply }) => service.sendImage('logo', reply));
  route(app, deps, contract.getFavicon, ({ reply }) => service.sendImage('favicon', reply));
  route(app, deps, contract.getProfile, () => service.staffProfile());
  route(app, deps, contract.saveProfile, ({ input, caller }) => service.save(caller, input));
}
