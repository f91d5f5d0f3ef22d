import type { FastifyInstance } from 'fastify';

import type { Env } from './config/env.ts';
import type { Deps } from './deps.ts';
import { createMailer } from './lib/mail.ts';
import { startAuditRetention } from './modules/audit/retention.ts';
import { createInvitationWorker } from './modules/integration/invitations.service.ts';
import { startAutopay } from './modules/payments/autopay.ts';
import { createProviderProfiles } from './modules/provider/profiles.ts';
import { createSnmpWorker, type WorkerDeps } from './modules/connectors/worker/snmp-worker.ts';

export interface Workers {
  stop(): Promise<void>;
}

/** WORKERS, or its default: in the API process, except under NODE_ENV=test (tests start their own). */
export const workersInProcess = (env: Pick<Env, 'WORKERS' | 'NODE_ENV'>) =>
  (env.WORKERS ?? (env.NODE_ENV === 'test' ? 'off' : 'in-process')) === 'in-process';

/**
 * Starts every long-running job of this process: the SNMP poller (decision 100), autopay (decision 127),
 * the audit log's retention (decision 133) and the mails of Invite loaded users (decision 131).
 */
export function startWorkers(deps: WorkerDeps, log: (line: string) => void): Workers {
  const snmp = createSnmpWorker(deps, {
    concurrency: deps.env.SNMP_CONCURRENCY,
    timeoutMs: deps.env.SNMP_TIMEOUT_SECONDS * 1000,
    tickMs: 1000,
    log,
  });
  const provider = createProviderProfiles(deps.env, deps.db, deps.clock);
  const mailer = createMailer(deps.env, deps.db, provider);
  const autopay = startAutopay({ ...deps, mailer }, log);
  const invitations = createInvitationWorker({ ...deps, mailer, provider }, { tickMs: 1000, log });
  const auditRetention = startAuditRetention(deps, log);
  return {
    stop: async () => {
      await Promise.all([snmp.stop(), autopay.stop(), invitations.stop(), auditRetention.stop()]);
    },
  };
}

/** With WORKERS=in-process (the default of `npm start`): the workers run in the API process and stop with it. */
export async function inProcessWorkers(app: FastifyInstance, deps: Deps): Promise<void> {
  if (!workersInProcess(deps.env)) return;
  const workers = startWorkers(deps, (line) => app.log.warn(line));
  app.addHook('onClose', () => workers.stop());
}
