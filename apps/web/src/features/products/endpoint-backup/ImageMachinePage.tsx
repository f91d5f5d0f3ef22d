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
import { ebImageMachineStatsQueryOptions, useEbImageMachine, useOrderEb } from './api.ts';
import { runStatusColor, runStatusLabel } from './status.ts';

function Machine({ baseOrderId, vmName }: { baseOrderId: number; vmName: string }) {
  const query = useEbImageMachine({ baseOrderId, vmName });
  if (query.error) {
    const notFound = isApiError(query.error) && query.error.code === 'NOT_FOUND';
    return <ErrorBox error={query.error} {...(notFound ? { message: 'No machine found.' } : {})} />;
  }
  if (!query.data) return <LoadingState />;
  const machine = query.data;
  const stats = (range: { start: number; end: number }) =>
    ebImageMachineStatsQueryOptions({ baseOrderId, vmName, startDate: range.start, endDate: range.end });
  return (
    <Stack gap="md" data-testid="eb-image-machine">
      <div>
        <Title order={2} size="h3">
          {machine.vm_name}
        </Title>
        <Text size="sm" c="dimmed">
          Image-backed machine · {machine.os}
        </Text>
      </div>
      <ProductSections
        stats={[
          <Stat key="a" label="Local storage">
            {formatGigabytes(machine.total_local_storage_bytes)}
          </Stat>,
          <Stat key="b" label="Last snapshot" hint={formatDateTime(machine.last_snapshot) || undefined}>
            <Text span inherit c={`${runStatusColor(machine.last_snapshot_status)}.9`}>
              {runStatusLabel(machine.last_snapshot_status)}
            </Text>
          </Stat>,
          <Stat key="c" label="Snapshots" hint="taken, as reported">
            {machine.total_snapshots}
          </Stat>,
          <Stat key="d" label="Missed snapshots" hint="as reported">
            {machine.missed_snapshots}
          </Stat>,
        ]}
        charts={[
          <TimeSeriesChart
            key="a"
            title="Local storage"
            defaultRange={defaultRanges.month}
            query={stats}
            select={(s) => s.local_storage}
            unit="gigabytes"
          />,
          <TimeSeriesChart
            key="b"
            title="Snapshots per day"
            defaultRange={defaultRanges.month}
            query={stats}
            select={(s) => s.snapshots}
            unit="count"
          />,
        ]}
      />
    </Stack>
  );
}

/** service/eb-image-machine/{baseOrderId}/{vmName}: one image-backed machine, its facts and its charts. */
export function ImageMachinePage() {
  const { baseOrderId, name } = useLoaderData<{ baseOrderId: number; name: string }>();
  const query = useOrderEb(baseOrderId);
  return (
    <ProductShell label="Endpoint backup" query={query}>
      {() => <Machine baseOrderId={baseOrderId} vmName={name} />}
    </ProductShell>
  );
}
