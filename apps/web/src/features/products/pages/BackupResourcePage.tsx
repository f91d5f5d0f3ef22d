import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { productsBs } from '@portal/contract';
import { useState } from 'react';
import { useLoaderData } from 'react-router';

import { rangeFor, rangeOptions } from '../../../components/ui/chart-rules.ts';
import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { useBsManagedBackup, useBsResourceBackups, useOrderBs } from '../api/backup-service.ts';
import { statusLabel } from '../backup-service-paths.ts';

const YEAR = 365 * 24 * 60 * 60;

const columns: Column<productsBs.BackupRun>[] = [
  { key: 'last_backup', header: 'Backup time', render: (r) => formatDateTime(r.last_backup) },
  { key: 'status', header: 'Status', render: (r) => statusLabel(r.status) },
];

function History({ baseOrderId, resourceId }: { baseOrderId: number; resourceId: string }) {
  const list = useListState();
  const [seconds, setSeconds] = useState(YEAR);
  const [range, setRange] = useState(() => rangeFor(YEAR));
  const backup = useBsManagedBackup({ baseOrderId, resourceId });
  const runs = useBsResourceBackups({
    baseOrderId,
    resourceId,
    page: list.page,
    startDate: range.start,
    endDate: range.end,
  });
  if (backup.data === null) return null;
  if (backup.error) return <Text c="red">No backup found.</Text>;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {backup.data?.title ?? '…'}
          </Title>
          <Select
            aria-label="Range of backup history"
            size="xs"
            w={150}
            allowDeselect={false}
            data={rangeOptions.map((o) => ({ value: String(o.seconds), label: o.label }))}
            value={String(seconds)}
            onChange={(value) => {
              if (!value) return;
              setSeconds(Number(value));
              setRange(rangeFor(Number(value)));
              list.setPage(1);
            }}
          />
        </Group>
        <DataTable
          caption="Backup history"
          columns={columns}
          rows={runs.data?.data}
          rowKey={(r) => r.last_backup}
          loading={runs.isPending}
          error={runs.error}
          empty="No backups in this period."
        />
        {runs.data && (
          <Pager page={list.page} lastPage={runs.data.last_page} onChange={list.setPage} label="History pages" />
        )}
      </Stack>
    </Paper>
  );
}

/** service/bs-backup/{baseOrderId}/{resourceId}: a managed backup's name and its paged run history. */
export function BackupResourcePage() {
  const { baseOrderId, resourceId } = useLoaderData<{ baseOrderId: number; resourceId: string }>();
  const query = useOrderBs(baseOrderId);
  return (
    <ProductShell label="Backup as a service" query={query}>
      {() => <History baseOrderId={baseOrderId} resourceId={resourceId} />}
    </ProductShell>
  );
}
