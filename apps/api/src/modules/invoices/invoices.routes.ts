import type { FastifyInstance } from 'fastify';

import { invoices } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { invoicesService } from './invoices.service.ts';

export async function invoicesRoutes(app: FastifyInstance, deps: Deps) {
  const service = invoicesService(deps);
  route(app, deps, invoices.getLatestInvoice, ({ input, caller }) => service.latest(caller, input.accountId));
  route(app, deps, invoices.getInvoiceProducts, ({ input, caller }) =>
    service.products(caller, input.accountId, input.cycleLogId),
  );
  route(app, deps, invoices.getInvoices, ({ input, caller }) => service.list(caller, input));
  route(app, deps, invoices.getBalanceHistory, ({ caller }) => service.balanceHistory(caller));
  route(app, deps, invoices.getInvoice, ({ input, caller }) =>
    service.invoice(caller, input.accountId, input.cycleLogId),
  );
  route(app, deps, invoices.downloadInvoice, ({ input, caller, reply }) =>
    service.sendPdf(caller, input.accountId, input.cycleLogId, reply),
  );
  route(app, deps, invoices.downloadInvoiceProductHistory, ({ input, caller, reply }) =>
    service.sendServicesCsv(caller, input.accountId, reply),
  );
}
