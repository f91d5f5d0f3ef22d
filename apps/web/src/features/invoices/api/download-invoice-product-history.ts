import * as calls from '@portal/contract/routes';

import { download } from '../../../lib/download.ts';

/** Saves the account's services history (Services-{account}.csv); a failure shows the Download Error popup. */
export const downloadInvoiceProductHistory = (accountId: number) =>
  download(calls.invoices.downloadInvoiceProductHistory, { accountId }, { fallbackName: 'Services.csv' });
