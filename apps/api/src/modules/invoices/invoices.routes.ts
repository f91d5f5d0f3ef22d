import type { FastifyInstance } from 'fastify';

import { invoices, messages } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../plugins/route.ts';
import { findInvoice, findInvoiceProducts, findLatestInvoice } from './invoices.repository.ts';

export async function invoicesRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, invoices.getLatestInvoice, async ({ input, caller }) => {
    const invoice = await findLatestInvoice(deps.db, caller.userId, input.accountId);
    if (!invoice) throw notFound(messages.noInvoice);
    return invoice;
  });
  route(app, deps, invoices.getInvoiceProducts, async ({ input, caller }) => {
    const invoice = await findInvoice(deps.db, caller.userId, input.accountId, input.cycleLogId);
    if (!invoice) throw notFound(messages.noInvoice);
    return findInvoiceProducts(deps.db, input.cycleLogId);
  });
}
