import * as calls from '@portal/contract/routes';
import type { AuditFilters } from '@portal/contract';

import { download } from '../../../lib/download.ts';

/** The log with the current filters as CSV; a failure shows the Download Error popup. */
export const exportEntries = (filters: AuditFilters) =>
  download(calls.audit.exportEntries, filters, { fallbackName: 'audit-log.csv' });
