import { Anchor, Badge } from '@mantine/core';
import type { productsEb } from '@portal/contract';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { paths } from '../../../config/paths.ts';
import { formatBytes, formatDateTime } from '../../../lib/formats.ts';
import { PageSection } from './ProductSections.tsx';
import { useEbImageMachines } from '../api/endpoint-backup.ts';
import { runStatusColor, runStatusLabel } from '../endpoint-backup-status.ts';
import { usePageParam } from '../use-page-param.ts';

/** The order's image-backed machines, 10 a page (page in ?images_page=), each linking to its own page. */
export function ImageMachinesTable({ baseOrderId }: { baseOrderId: number }) {
  const [page, setPage] = usePageParam('images_page');
  const query = useEbImageMachines({ baseOrderId, page });
  const columns: Column<productsEb.ImageMachine>[] = [
    {
      key: 'vm_name',
      header: 'Machine',
      render: (m) => (
        <Anchor component={Link} to={paths.ebImageMachine(baseOrderId, m.vm_name)}>
          {m.vm_name}
        </Anchor>
      ),
    },
    { key: 'os', header: 'Operating system', render: (m) => m.os },
    {
      key: 'total_local_storage_bytes',
      header: 'Local storage',
      render: (m) => formatBytes(m.total_local_storage_bytes, 1),
      align: 'right',
    },
    { key: 'total_snapshots', header: 'Snapshots', render: (m) => m.total_snapshots, align: 'right' },
    { key: 'missed_snapshots', header: 'Missed', render: (m) => m.missed_snapshots, align: 'right' },
    { key: 'last_snapshot', header: 'Last snapshot', render: (m) => formatDateTime(m.last_snapshot) || '—' },
    {
      key: 'last_snapshot_status',
      header: 'Status',
      render: (m) => (
        <Badge color={runStatusColor(m.last_snapshot_status)} variant="light">
          {runStatusLabel(m.last_snapshot_status)}
        </Badge>
      ),
    },
  ];
  return (
    <PageSection title="Image-backed machines" testId="image-machines">
      <DataTable
        caption="Image-backed machines"
        columns={columns}
        rows={query.data?.data}
        rowKey={(m) => m.vm_name}
        loading={query.isPending}
        error={query.error}
        empty="No machines have reported yet."
      />
      {query.data && (
        <Pager page={page} lastPage={query.data.last_page} onChange={setPage} label="Image machine pages" />
      )}
    </PageSection>
  );
}
