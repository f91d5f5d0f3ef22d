import { Anchor } from '@mantine/core';
import type { productsBs } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';

import { rangeFor } from '../../../components/ui/chart-rules.ts';
import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { PageSection } from './ProductSections.tsx';
import { useBsManagedBackups } from '../api/backup-service.ts';
import { backupPath, statusLabel } from '../backup-service-paths.ts';

const DAY = 24 * 60 * 60;

/** The order's managed backups over the last 30 days; skipped when the order is not managed. */
export function ManagedBackupsTable({ baseOrderId }: { baseOrderId: number }) {
  const [range] = useState(() => rangeFor(30 * DAY));
  const query = useBsManagedBackups({ baseOrderId, startDate: range.start, endDate: range.end });
  if (query.data === null) return null;
  const columns: Column<productsBs.ManagedBackup>[] = [
    {
      key: 'title',
      header: 'Backup',
      render: (b) => (
        <Anchor component={Link} to={backupPath(baseOrderId, b.resource_id)}>
          {b.title}
        </Anchor>
      ),
    },
    { key: 'last_backup', header: 'Last backup', render: (b) => (b.last_backup ? formatDateTime(b.last_backup) : '—') },
    { key: 'status', header: 'Status', render: (b) => statusLabel(b.status) },
    { key: 'ok_count', header: 'Successful (30 days)', render: (b) => b.ok_count, align: 'right' },
    { key: 'error_count', header: 'Failed (30 days)', render: (b) => b.error_count, align: 'right' },
  ];
  return (
    <PageSection title="Managed backups">
      <DataTable
        caption="Managed backups"
        columns={columns}
        rows={query.data}
        rowKey={(b) => b.resource_id}
        loading={query.isPending}
        error={query.error}
        empty="No managed backups."
      />
    </PageSection>
  );
}
