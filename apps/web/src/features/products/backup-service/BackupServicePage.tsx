import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { productsBs } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatBytes, formatMoney } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { bsStorageStatsQueryOptions, useOrderBs } from './api.ts';
import { ManagedBackupsTable } from './ManagedBackupsTable.tsx';

const bytes = (v: number) => formatBytes(v, 1);

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function Rates({ order }: { order: productsBs.BsOrder }) {
  const rows: [string, number][] = [
    ['Production storage (per GB)', order.per_gb_rate],
    ...(order.local_storage_size === null
      ? []
      : [['Local storage (per GB)', order.per_local_gb_rate] as [string, number]]),
    ['Backup objects (each)', order.bs_bo_rate],
    ['Backup management', order.bs_bm_rate],
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="sm">
        Rates
      </Title>
      <Table aria-label="Rates">
        <Table.Tbody>
          {rows.map(([label, rate]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{formatMoney(rate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** service/bs/{baseOrderId}: storage sizes, protected item counts, rates, storage charts and managed backups. */
export function BackupServicePage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderBs(baseOrderId);
  return (
    <ProductShell label="Backup as a service" query={query}>
      {(order) => {
        const charts = [
          { key: 'production' as const, title: 'Production storage' },
          ...(order.local_storage_size === null ? [] : [{ key: 'local' as const, title: 'Local storage' }]),
        ];
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Stat label="Production storage" value={bytes(order.production_storage_size)} />
              <Stat label="Trial storage" value={bytes(order.trial_storage_size)} />
              {order.local_storage_size !== null && (
                <Stat label="Local storage" value={bytes(order.local_storage_size)} />
              )}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
              <Stat label="Workstations" value={order.workstation_count} />
              <Stat label="Virtual machines" value={order.vm_count} />
              <Stat label="Servers" value={order.server_count} />
              <Stat label="Mobiles" value={order.mobile_count} />
              <Stat
                label="Cloud office items"
                value={order.mailbox_count + order.teams_count + order.sharepoint_sites_count}
              />
              <Stat label="Websites" value={order.website_count} />
            </SimpleGrid>
            <Rates order={order} />
            <ChartGrid>
              {charts.map((c) => (
                <TimeSeriesChart
                  key={c.key}
                  title={c.title}
                  defaultRange={defaultRanges.month}
                  query={(range) =>
                    bsStorageStatsQueryOptions({ baseOrderId, startDate: range.start, endDate: range.end })
                  }
                  select={(stats) => stats[c.key]}
                  unit="gigabytes"
                />
              ))}
            </ChartGrid>
            <ManagedBackupsTable baseOrderId={baseOrderId} />
          </Stack>
        );
      }}
    </ProductShell>
  );
}
