import type { FastifyInstance } from 'fastify';

import { orders } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { ordersService } from './orders.service.ts';

export async function ordersRoutes(app: FastifyInstance, deps: Deps) {
  const service = ordersService(deps);
  route(app, deps, orders.getProducts, () => service.products());
  route(app, deps, orders.getPendingOrders, ({ input, caller }) => service.pending(caller, input.count));
  route(app, deps, orders.getOrders, ({ input, caller }) => service.list(caller, input));
  route(app, deps, orders.downloadOrders, ({ input, caller, reply }) => service.sendCsv(caller, input, reply));
  route(app, deps, orders.getOrder, ({ input, caller }) => service.get(caller, input.baseOrderId));
  route(app, deps, orders.changeAlias, ({ input, caller }) =>
    service.changeAlias(caller, input.base_order_id, input.alias),
  );
}
