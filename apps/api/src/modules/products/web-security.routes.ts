import type { FastifyInstance } from 'fastify';

import { productsDd } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { webSecurityService } from './web-security.service.ts';

/** Web and app security page calls (spec services.md section 7, orders-dd/). */
export async function webSecurityRoutes(app: FastifyInstance, deps: Deps) {
  const service = webSecurityService(deps);
  route(app, deps, productsDd.getDdZones, ({ input, caller }) => service.zones(caller, input.baseOrderId));
  route(app, deps, productsDd.getOrderDd, ({ input, caller }) => service.order(caller, input));
  route(app, deps, productsDd.getDdStats, ({ input, caller }) => service.stats(caller, input));
  route(app, deps, productsDd.getThreatCountries, ({ input, caller }) => service.threatCountries(caller, input));
}
