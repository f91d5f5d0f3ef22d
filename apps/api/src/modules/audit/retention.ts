import type { Deps } from '../../deps.ts';
import { startPeriodic, type PeriodicJob } from '../../lib/periodic.ts';
import { pruneAudit } from './audit.service.ts';

/**
 * The audit log's retention job (decision 133): at start and then every `intervalMs` it removes the
 * entries older than AUDIT_RETENTION_DAYS. Any number of processes may run it: a delete is idempotent.
 */
export const startAuditRetention = (
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  log: (line: string) => void,
  intervalMs = 60 * 60 * 1000,
): PeriodicJob => startPeriodic('audit retention', intervalMs, () => pruneAudit(deps), log);
