import { Title } from '@mantine/core';
import type { BatchRecord } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { useBatches } from '../api/list-batches.ts';

const columns: Column<BatchRecord>[] = [
  { key: 'started_at', header: 'When', render: (r) => formatDateTime(r.started_at) },
  {
    key: 'source',
    header: 'From',
    render: (r) => (r.source === 'command' ? 'import command' : (r.token_name ?? 'deleted token')),
  },
  { key: 'collection', header: 'Collection', render: (r) => r.collection },
  { key: 'created', header: 'Created', render: (r) => r.created, align: 'right' },
  { key: 'updated', header: 'Updated', render: (r) => r.updated, align: 'right' },
  { key: 'unchanged', header: 'Unchanged', render: (r) => r.unchanged, align: 'right' },
  { key: 'invalid', header: 'Invalid', render: (r) => r.invalid, align: 'right' },
  { key: 'duration_ms', header: 'Time', render: (r) => `${r.duration_ms} ms`, align: 'right' },
  {
    key: 'refused',
    header: 'Refused as a whole',
    render: (r) => (r.refused ? [r.refused, r.refused_detail].filter(Boolean).join(': ') : 'no'),
  },
];

/** The record of the latest batches and imports. */
export function BatchRecords() {
  const batches = useBatches();
  return (
    <>
      <Title order={2} size="h4">
        Latest batches
      </Title>
      <DataTable
        caption="Latest batches and imports"
        columns={columns}
        rows={batches.data}
        rowKey={(r) => r.id}
        loading={batches.isPending}
        error={batches.error}
        empty="No batch has been sent yet."
      />
    </>
  );
}
