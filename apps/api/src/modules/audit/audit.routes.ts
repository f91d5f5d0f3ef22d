import type { FastifyInstance } from 'fastify';

import { audit } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createAuditService } from './audit.service.ts';

/** The accounts' audit log (decision 133): a page, its users, and the CSV export. */
export async function auditRoutes(app: FastifyInstance, deps: Deps) {
  const service = createAuditService(deps);
  route(app, deps, audit.getEntries, ({ caller, input }) => service.getEntries(caller, input));
  route(app, deps, audit.getEntryUsers, ({ caller, input }) => service.getEntryUsers(caller, input.account_id));
  route(app, deps, audit.exportEntries, ({ caller, input, reply }) => service.sendCsv(caller, input, reply));
}
