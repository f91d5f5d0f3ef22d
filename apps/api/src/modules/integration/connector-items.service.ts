import type { FieldErrors, snmp } from '@portal/contract';
import type { z } from 'zod';

import type { Deps } from '../../deps.ts';
import { invalid } from '../../lib/errors.ts';
import { withHeldSecrets } from '../connectors/snmp/devices.service.ts';
import { applyItem } from './batch.service.ts';

/**
 * A staff change to an SNMP device (the connectors' staff page) goes through the snmp-devices collection's own upsert (the batch's checks and
 * answers), after the secrets it left out are taken from the held device.
 */
export async function saveSnmpDevice(deps: Deps, input: z.output<typeof snmp.saveDevice.input>) {
  const item = await withHeldSecrets(deps.db, deps.env.CONNECTOR_KEY, input);
  const { result } = await applyItem(deps, 'snmp-devices', item);
  if (result.status === 'invalid') throw invalid(result.errors as FieldErrors);
  return result.status;
}
