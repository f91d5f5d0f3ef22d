import type { FieldErrors, snmp } from '@portal/contract';
import type { z } from 'zod';

import type { Deps } from '../../../deps.ts';
import { invalid, notFound } from '../../../lib/errors.ts';
import { applyItem } from '../../integration/batch.service.ts';
import { listDevicesWithoutSecrets, withHeldSecrets } from './devices.service.ts';
import { deleteDevice } from './snmp.repository.ts';

export const listSnmpDevices = (deps: Deps) =>
  listDevicesWithoutSecrets(deps.db, deps.env.CONNECTOR_KEY, deps.clock.now());

/**
 * A staff change goes through the snmp-devices collection's own upsert (the batch's checks and
 * answers), after the secrets it left out are taken from the held device.
 */
export async function saveSnmpDevice(deps: Deps, input: z.output<typeof snmp.saveDevice.input>) {
  const item = await withHeldSecrets(deps.db, deps.env.CONNECTOR_KEY, input);
  const { result } = await applyItem(deps, 'snmp-devices', item);
  if (result.status === 'invalid') throw invalid(result.errors as FieldErrors);
  return result.status;
}

export async function removeSnmpDevice(deps: Deps, deviceKey: string): Promise<void> {
  if (!(await deleteDevice(deps.db, deviceKey))) throw notFound();
}
