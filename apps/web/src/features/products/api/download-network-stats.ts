import * as calls from '@portal/contract/routes';
import { type products, type CallInput } from '@portal/contract';

import { download } from '../../../lib/download.ts';

/** The same counters as a CSV file of every point in the range, saved as `fileName` (the chart and its range). */
export const downloadNetworkStats = (input: CallInput<typeof products.downloadNetworkStats>, fileName?: string) =>
  download(calls.products.downloadNetworkStats, input, fileName ? { fileName } : {});
