import type { FastifyInstance } from 'fastify';

import { metrics as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { dataFreshnessOf } from './series.service.ts';

/** The product pages' data freshness call (their charts are read by the products module's services). */
export async function seriesRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, contract.getDataFreshness, ({ caller, input }) => dataFreshnessOf(deps, caller, input.baseOrderId));
}
