import type { FastifyInstance } from 'fastify';

import { snmp } from '@portal/contract';

import type { Deps } from '../../../deps.ts';
import { route } from '../../../plugins/route.ts';
import { authenticateIntegration, requireScope } from '../../token-auth/token-auth.service.ts';
import { listSnmpDevices, removeSnmpDevice } from './snmp.service.ts';

/**
 * SNMP devices (issue 13): staff list, add, change and remove them (the level that manages integration
 * tokens; a change is an snmp-devices item, registered by the integration module, which sits above
 * this one); the provider's tooling lists them with a metrics token (it writes them through the
 * snmp-devices batch). No listing ever carries a community or a v3 key.
 */
export async function snmpRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, snmp.listDevices, () => listSnmpDevices(deps));
  route(app, deps, snmp.removeDevice, async ({ input }) => {
    await removeSnmpDevice(deps, input.device_key);
    return null;
  });

  route(app, deps, snmp.listIntegrationDevices, async ({ request }) => {
    requireScope(await authenticateIntegration(deps, request.headers.authorization), 'metrics');
    return listSnmpDevices(deps);
  });
}
