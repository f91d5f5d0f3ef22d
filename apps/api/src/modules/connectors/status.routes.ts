import type { FastifyInstance } from 'fastify';

import { connectors as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { connectorStatuses } from './status.service.ts';

/** The connector status page's call (staff): every SNMP device and Prometheus-compatible source. */
export async function connectorStatusRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, contract.getConnectorStatus, () => connectorStatuses(deps));
}
