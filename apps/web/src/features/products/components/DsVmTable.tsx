import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import type { DsVm } from '@portal/contract';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { downloadDsVms, useDsVms } from '../api/disaster-recovery.ts';
import { drBytes, drSeconds } from '../disaster-recovery-format.ts';

const columnsFor = (baseOrderId: number, showGroup: boolean): Column<DsVm>[] => [
  {
    key: 'vm_name',
    header: 'VM',
    render: (v) => (
      <Anchor component={Link} to={paths.dsVm(baseOrderId, v.vm_id)}>
        {v.vm_name}
      </Anchor>
    ),
  },
  ...(showGroup
    ? [
        {
          key: 'vpg',
          header: 'Protection group',
          render: (v: DsVm) => (
            <Anchor component={Link} to={paths.dsVpg(baseOrderId, v.vpg_id)}>
              {v.vpg}
            </Anchor>
          ),
        },
      ]
    : []),
  { key: 'actual_rpo', header: 'Actual RPO', render: (v) => drSeconds(v.actual_rpo), align: 'right' },
  { key: 'journal_size_used', header: 'Journal used', render: (v) => drBytes(v.journal_size_used), align: 'right' },
  {
    key: 'provisioned_storage',
    header: 'Provisioned',
    render: (v) => drBytes(v.provisioned_storage),
    align: 'right',
  },
  { key: 'used_storage', header: 'Used', render: (v) => drBytes(v.used_storage), align: 'right' },
];

/** The protected VMs of an order (or of one protection group): 10 a page (page in the query string), downloadable. */
export function DsVmTable({ baseOrderId, vpgId }: { baseOrderId: number; vpgId?: number }) {
  const list = useListState();
  const search = { baseOrderId, ...(vpgId === undefined ? {} : { vpgId }) };
  const query = useDsVms({ ...search, page: list.page });
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Virtual machines
          </Title>
          <Button size="xs" variant="default" onClick={() => void downloadDsVms(search)}>
            Download VMs
          </Button>
        </Group>
        <DataTable
          caption="Protected virtual machines"
          columns={columnsFor(baseOrderId, vpgId === undefined)}
          rows={query.data?.data}
          rowKey={(v) => v.vm_id}
          loading={query.isPending}
          error={query.error}
          empty="No VMs found."
        />
        {query.data && (
          <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="VM pages" />
        )}
      </Stack>
    </Paper>
  );
}
