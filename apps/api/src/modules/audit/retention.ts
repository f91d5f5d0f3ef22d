import type { Deps } from '../../deps.ts';
import { pruneAudit } from './audit.service.ts';

export interface AuditRetention {
  stop(): Promise<void>;
}

/**
 * The audit log's retention job (decision 133): at start and then every `intervalMs` it removes the
 * entries older than AUDIT_RETENTION_DAYS. Any number of processes may run it: a delete is idempotent.
 */
export function startAuditRetention(
  deps: Pick<Deps, 'db' | 'clock' | 'env'>,
  log: (line: string) => void,
  intervalMs = 60 * 60 * 1000,
): AuditRetention {
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = pruneAudit(deps)
      .catch((error: unknown) => log(`audit retention failed: ${(error as Error).message}`))
      .finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
