import type { productsEb } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { formatDateTime, formatGigabytes } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { ebAgentClientStatsQueryOptions, useEbAgentClient, useOrderEb } from '../api/endpoint-backup.ts';
import { ObjectDetail, type ObjectChart, RunStatusText } from '../components/ObjectDetail.tsx';

const charts: ObjectChart<productsEb.AgentClientStats>[] = [
  { title: 'Protected data', select: (s) => s.bytes_protected, unit: 'gigabytes' },
  { title: 'Backups per day', select: (s) => s.backups, unit: 'count' },
];

const stats = (c: productsEb.AgentClient) => [
  <Stat key="bytes" label="Protected data">
    {formatGigabytes(c.total_bytes_protected)}
  </Stat>,
  <Stat key="last" label="Last backup" hint={formatDateTime(c.last_backup) || undefined}>
    <RunStatusText status={c.last_backup_status} />
  </Stat>,
  <Stat key="backups" label="Backups" hint="completed, as reported">
    {c.backup_count}
  </Stat>,
  <Stat key="failed" label="Failed backups" hint="as reported">
    {c.failed_backup_count}
  </Stat>,
];

function Client({ baseOrderId, clientName }: { baseOrderId: number; clientName: string }) {
  return (
    <ObjectDetail
      query={useEbAgentClient({ baseOrderId, clientName })}
      notFound="No agent client found."
      testId="eb-agent-machine"
      heading={(c) => ({ title: c.client_name, subtitle: `Agent client · ${c.os} · agent ${c.agent_version}` })}
      stats={stats}
      statsQuery={({ start, end }) =>
        ebAgentClientStatsQueryOptions({ baseOrderId, clientName, startDate: start, endDate: end })
      }
      charts={charts}
    />
  );
}

/** service/eb-agent-machine/{baseOrderId}/{clientName}: one agent client, its facts and its charts. */
export function AgentMachinePage() {
  const { baseOrderId, name } = useLoaderData<{ baseOrderId: number; name: string }>();
  const query = useOrderEb(baseOrderId);
  return (
    <ProductShell label="Endpoint backup" query={query}>
      {() => <Client baseOrderId={baseOrderId} clientName={name} />}
    </ProductShell>
  );
}
