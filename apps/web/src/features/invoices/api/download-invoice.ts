import * as calls from '@portal/contract/routes';

import { download } from '../../../lib/download.ts';

/** Saves the invoice PDF (invoice-{account}-{invoice}-{yyyymmdd}.pdf); a failure shows the Download Error popup. */
export const downloadInvoice = (accountId: number, cycleLogId: number) =>
  download(calls.invoices.downloadInvoice, { accountId, cycleLogId }, { fallbackName: 'invoice.pdf' });
