import { Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';

import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime, formatGigabytes } from '../../../lib/formats.ts';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { ebAgentClientStatsQueryOptions, useEbAgentClient, useOrderEb } from './api.ts';
import { runStatusColor, runStatusLabel } from './status.ts';

function Client({ baseOrderId, clientName }: { baseOrderId: number; clientName: string }) {
  const query = useEbAgentClient({ baseOrderId, clientName });
  if (query.error) {
    const notFound = isApiError(query.error) && query.error.code === 'NOT_FOUND';
    return <ErrorBox error={query.error} {...(notFound ? { message: 'No agent client found.' } : {})} />;
  }
  if (!query.data) return <LoadingState />;
  const client = query.data;
  const stats = (range: { start: number; end: number }) =>
    ebAgentClientStatsQueryOptions({ baseOrderId, clientName, startDate: range.start, endDate: range.end });
  return (
    <Stack gap="md" data-testid="eb-agent-machine">
      <div>
        <Title order={2} size="h3">
          {client.client_name}
        </Title>
        <Text size="sm" c="dimmed">
          Agent client · {client.os} · agent {client.agent_version}
        </Text>
      </div>
      <ProductSections
        stats={[
          <Stat key="a" label="Protected data">
            {formatGigabytes(client.total_bytes_protected)}
          </Stat>,
          <Stat key="b" label="Last backup" hint={formatDateTime(client.last_backup) || undefined}>
            <Text span inherit c={`${runStatusColor(client.last_backup_status)}.9`}>
              {runStatusLabel(client.last_backup_status)}
            </Text>
          </Stat>,
          <Stat key="c" label="Backups" hint="completed, as reported">
            {client.backup_count}
          </Stat>,
          <Stat key="d" label="Failed backups" hint="as reported">
            {client.failed_backup_count}
          </Stat>,
        ]}
        charts={[
          <TimeSeriesChart
            key="a"
            title="Protected data"
            defaultRange={defaultRanges.month}
            query={stats}
            select={(s) => s.bytes_protected}
            unit="gigabytes"
          />,
          <TimeSeriesChart
            key="b"
            title="Backups per day"
            defaultRange={defaultRanges.month}
            query={stats}
            select={(s) => s.backups}
            unit="count"
          />,
        ]}
      />
    </Stack>
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
