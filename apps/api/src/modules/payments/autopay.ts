import { startPeriodic, type PeriodicJob } from '../../lib/periodic.ts';
import type { PaymentDeps } from './payments.service.ts';
import { createProvider, paymentsService } from './payments.service.ts';

export type Autopay = PeriodicJob;

/**
 * The autopay job (decision 127): every `intervalMs` it charges the invoices due for autopay. Any number of
 * processes may run it: each charge is claimed in the database first, so one process charges an invoice once.
 */
export function startAutopay(deps: PaymentDeps, log: (line: string) => void, intervalMs = 60_000): Autopay {
  const provider = createProvider(deps.env);
  if (!provider) return { stop: async () => {} };
  const service = paymentsService(deps, provider, (obj, msg) => log(`${msg}: ${JSON.stringify(obj)}`));
  return startPeriodic('autopay run', intervalMs, () => service.runAutopay(), log);
}
