import { Anchor, Badge } from '@mantine/core';
import type { productsEb } from '@portal/contract';
import { Link } from 'react-router';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { paths } from '../../../config/paths.ts';
import { formatBytes, formatDateTime } from '../../../lib/formats.ts';
import { PageSection } from './ProductSections.tsx';
import { useEbAgentClients } from '../api/endpoint-backup.ts';
import { runStatusColor, runStatusLabel } from '../endpoint-backup-status.ts';
import { usePageParam } from '../use-page-param.ts';

/** The order's agent clients, 10 a page (page in ?agents_page=), each linking to its own page. */
export function AgentClientsTable({ baseOrderId }: { baseOrderId: number }) {
  const [page, setPage] = usePageParam('agents_page');
  const query = useEbAgentClients({ baseOrderId, page });
  const columns: Column<productsEb.AgentClient>[] = [
    {
      key: 'client_name',
      header: 'Client',
      render: (c) => (
        <Anchor component={Link} to={paths.ebAgentMachine(baseOrderId, c.client_name)}>
          {c.client_name}
        </Anchor>
      ),
    },
    { key: 'os', header: 'Operating system', render: (c) => c.os },
    { key: 'agent_version', header: 'Agent', render: (c) => c.agent_version },
    {
      key: 'total_bytes_protected',
      header: 'Protected',
      render: (c) => formatBytes(c.total_bytes_protected, 1),
      align: 'right',
    },
    { key: 'last_backup', header: 'Last backup', render: (c) => formatDateTime(c.last_backup) || '—' },
    {
      key: 'last_backup_status',
      header: 'Status',
      render: (c) => (
        <Badge color={runStatusColor(c.last_backup_status)} variant="light">
          {runStatusLabel(c.last_backup_status)}
        </Badge>
      ),
    },
  ];
  return (
    <PageSection title="Agent clients" testId="agent-clients">
      <DataTable
        caption="Agent clients"
        columns={columns}
        rows={query.data?.data}
        rowKey={(c) => c.client_name}
        loading={query.isPending}
        error={query.error}
        empty="No agent clients have reported yet."
      />
      {query.data && (
        <Pager page={page} lastPage={query.data.last_page} onChange={setPage} label="Agent client pages" />
      )}
    </PageSection>
  );
}
