import { Anchor, Badge, Paper, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import type { DsOrder } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatMoney } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { dsStatsQueryOptions, useOrderDs } from '../api/disaster-recovery.ts';
import { DsVmTable } from '../components/DsVmTable.tsx';
import { drBytes, vpgStatusColor, vpgStatusLabel } from '../disaster-recovery-format.ts';

function ProtectionGroups({ order }: { order: DsOrder }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Protection groups
        </Title>
        <Table aria-label="Protection groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">VMs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.vpgs.map((g) => (
              <Table.Tr key={g.vpg_id}>
                <Table.Td>
                  <Anchor component={Link} to={paths.dsVpg(order.base_order_id, g.vpg_id)}>
                    {g.vpg_name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={vpgStatusColor(g.status)}>
                    {vpgStatusLabel[g.status]}
                  </Badge>
                </Table.Td>
                <Table.Td ta="right">{g.vms_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/**
 * service/ds/{baseOrderId}: VM and protection group counts, storage, the per-VM rate, the protection
 * groups, charts of storage, counts and RPO, and the paged VM table with its CSV download.
 */
export function DisasterRecoveryPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderDs(baseOrderId);
  return (
    <ProductShell label="Disaster recovery" query={query}>
      {(order) => {
        const stats = [
          <Stat key="vms" label="Protected VMs">
            {order.vms_count}
          </Stat>,
          <Stat key="vpgs" label="Protection groups">
            {order.vpgs_count}
          </Stat>,
          <Stat key="provisioned" label="Provisioned storage">
            {drBytes(order.recovery_volumes_provisioned_storage)}
          </Stat>,
          <Stat key="used" label="Used storage" hint={`Journal ${drBytes(order.recovery_journal_used_storage)}`}>
            {drBytes(order.recovery_volumes_used_storage)}
          </Stat>,
          <Stat
            key="rate"
            label="Per-VM rate"
            hint={order.run_date ? `Measured ${formatDateTime(order.run_date)}` : undefined}
          >
            {formatMoney(order.per_vm_rate, order.currency)}
          </Stat>,
        ];
        const range = (r: { start: number; end: number }) => ({ baseOrderId, startDate: r.start, endDate: r.end });
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
              {stats}
            </SimpleGrid>
            <ChartGrid>
              <TimeSeriesChart
                title="Storage"
                defaultRange={defaultRanges.month}
                query={(r) => dsStatsQueryOptions(range(r))}
                select={(s) => s.storage}
                unit="bytes"
              />
              <TimeSeriesChart
                title="Protected VMs and groups"
                defaultRange={defaultRanges.month}
                query={(r) => dsStatsQueryOptions(range(r))}
                select={(s) => s.counts}
                unit="count"
              />
              <TimeSeriesChart
                title="Actual RPO (seconds)"
                defaultRange={defaultRanges.month}
                query={(r) => dsStatsQueryOptions(range(r))}
                select={(s) => s.rpo}
                unit="number"
              />
            </ChartGrid>
            {order.vpgs.length > 0 && <ProtectionGroups order={order} />}
            <DsVmTable baseOrderId={baseOrderId} />
          </Stack>
        );
      }}
    </ProductShell>
  );
}
