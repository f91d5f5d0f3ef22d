import type { productsEb } from '@portal/contract';

/** How a backup or snapshot ended, in words. */
export const runStatusLabel = (status: productsEb.RunStatus | null) =>
  status === 'ok'
    ? 'Successful'
    : status === 'warning'
      ? 'Completed with warnings'
      : status === 'error'
        ? 'Failed'
        : 'None yet';

/** The badge colour of a run status. */
export const runStatusColor = (status: productsEb.RunStatus | null) =>
  status === 'ok' ? 'green' : status === 'warning' ? 'yellow' : status === 'error' ? 'red' : 'gray';
