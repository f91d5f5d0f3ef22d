import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type orders, popups } from '@portal/contract';

import { download } from '../../../lib/download.ts';

/** The current services search as CSV; a failure (e.g. no services) shows the spec's Download Error popup. */
export const downloadOrders = (search: CallInput<typeof orders.downloadOrders>) =>
  download(calls.orders.downloadOrders, search, {
    errorPopup: popups.ordersDownloadError,
    fallbackName: 'Services.csv',
  });
