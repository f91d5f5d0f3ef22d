import { products, type CallInput } from '@portal/contract';

import { download } from '../../../lib/download.ts';

/** The same counters as a CSV file. */
export const downloadNetworkStats = (input: CallInput<typeof products.downloadNetworkStats>) =>
  download(products.downloadNetworkStats, input);
