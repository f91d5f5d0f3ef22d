import type { FastifyInstance } from 'fastify';

import { orders } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { findPendingOrders, findProducts } from './orders.repository.ts';

export async function ordersRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, orders.getProducts, () => findProducts(deps.db));
  route(app, deps, orders.getPendingOrders, ({ input, caller }) => findPendingOrders(deps.db, caller.userId, input.count));
}
