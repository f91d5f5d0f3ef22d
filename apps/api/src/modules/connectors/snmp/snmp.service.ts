import type { Deps } from '../../../deps.ts';
import { notFound } from '../../../lib/errors.ts';
import { listDevicesWithoutSecrets } from './devices.service.ts';
import { deleteDevice } from './snmp.repository.ts';

export const listSnmpDevices = (deps: Deps) =>
  listDevicesWithoutSecrets(deps.db, deps.env.CONNECTOR_KEY, deps.clock.now());

export async function removeSnmpDevice(deps: Deps, deviceKey: string): Promise<void> {
  if (!(await deleteDevice(deps.db, deviceKey))) throw notFound();
}
