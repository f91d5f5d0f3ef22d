import { invoices, messages, pageSizes, type CallParsed } from '@portal/contract';
import type { FastifyReply } from 'fastify';

import type { Deps } from '../../deps.ts';
import { attachment } from '../../lib/attachment.ts';
import { sendCsv } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOrLast } from '../../lib/paging.ts';
import type { Caller } from '../../lib/scope.ts';
import { findInvoiceDocument } from '../integration/collections/invoices.ts';
import { isoDay } from './invoice-format.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import {
  findBalanceHistory,
  findCallerAccount,
  findInvoice,
  findInvoiceProducts,
  findInvoices,
  findLatestInvoice,
} from './invoices.repository.ts';
import { servicesCsv } from './services-csv.ts';

/** The billing rules; `today` always comes from the injected clock so tests can move time. */
export function invoicesService(deps: Deps) {
  const today = () => isoDay(deps.clock.now());

  /** The caller's invoice, or NOT_FOUND 'No invoice found.' (also for another customer's ids). */
  const invoiceOf = async (caller: Caller, accountId: number, cycleLogId: number) => {
    const invoice = await findInvoice(deps.db, caller.userId, accountId, cycleLogId, today());
    if (!invoice) throw notFound(messages.noInvoice);
    return invoice;
  };

  const accountOf = async (caller: Caller, accountId: number) => {
    const account = await findCallerAccount(deps.db, caller.userId, accountId);
    if (!account) throw notFound();
    return account;
  };

  return {
    async latest(caller: Caller, accountId: number) {
      const invoice = await findLatestInvoice(deps.db, caller.userId, accountId, today());
      if (!invoice) throw notFound(messages.noInvoice);
      return invoice;
    },

    invoice: invoiceOf,

    async products(caller: Caller, accountId: number, cycleLogId: number) {
      await invoiceOf(caller, accountId, cycleLogId);
      return findInvoiceProducts(deps.db, cycleLogId);
    },

    async list(caller: Caller, input: CallParsed<typeof invoices.getInvoices>) {
      if (input.accountId !== undefined) await accountOf(caller, input.accountId);
      const perPage = pageSizes.invoices;
      return pageOrLast(input.page, perPage, (page) =>
        findInvoices(deps.db, caller.userId, {
          today: today(),
          page,
          perPage,
          ...(input.accountId !== undefined ? { accountId: input.accountId } : {}),
          ...(input.search ? { search: input.search } : {}),
          ...(input.sort ? { sort: input.sort, order: input.order ?? 'asc' } : {}),
        }),
      );
    },

    balanceHistory: (caller: Caller) => findBalanceHistory(deps.db, caller.userId, today()),

    /** Writes the invoice PDF to the reply. Invoices not marked is_downloadable have no document. */
    async sendPdf(caller: Caller, accountId: number, cycleLogId: number, reply: FastifyReply) {
      const invoice = await invoiceOf(caller, accountId, cycleLogId);
      if (!invoice.is_downloadable) throw notFound('This invoice is not available for download.');
      const [account, products] = await Promise.all([
        accountOf(caller, accountId),
        findInvoiceProducts(deps.db, cycleLogId),
      ]);
      // The provider's own document (sent through the integration API) wins over the one we render.
      const sent = await findInvoiceDocument(deps.db, cycleLogId);
      const pdf = sent
        ? Buffer.from(sent)
        : await deps.provider.current().then((provider) =>
            renderInvoicePdf({
              invoice,
              account,
              products,
              generatedAt: deps.clock.now(),
              locale: provider.locale,
              provider: provider.public,
              logo: provider.logo,
            }),
          );
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          attachment(invoices.invoiceFileName(invoice.account_number, invoice.invoice_number, invoice.bill_date)),
        )
        .send(pdf);
    },

    /** Streams the account's services history as CSV: constant memory, one keyset batch at a time. */
    async sendServicesCsv(caller: Caller, accountId: number, reply: FastifyReply) {
      const account = await accountOf(caller, accountId);
      return sendCsv(reply, invoices.servicesFileName(account.account_number), servicesCsv(deps.db, accountId));
    },
  };
}
