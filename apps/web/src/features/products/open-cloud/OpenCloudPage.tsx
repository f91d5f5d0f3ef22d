import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import type { OcOrder, OcStats } from '@portal/contract';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatDate, formatGigabytes, formatMoney } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { ocStatsQueryOptions } from './get-oc-stats.ts';
import { useOrderOc } from './get-order-oc.ts';

const count = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);

const instancesOf = (s: OcStats) => s.instance_count;
const typesOf = (s: OcStats) => s.instance_type_count;
const uncommittedOf = (s: OcStats) => s.uncommitted_usage;
const volumeOf = (s: OcStats) => s.volume_storage;
const snapOf = (s: OcStats) => s.snap_storage;

interface Section {
  value: string;
  label: string;
  figures: ReactNode;
  charts: ReactNode[];
}

/** The tabs of the components that apply to the order (spec services.md sections 2 and 4). */
function sections(order: OcOrder, baseOrderId: number): Section[] {
  // Instances are counted; volume and snapshot storage are priced per GB-month, so charted in GB.
  const chart = (title: string, select: (s: OcStats) => OcStats['instance_count'], unit: ChartUnit = 'count') => (
    <TimeSeriesChart
      key={title}
      title={title}
      defaultRange={defaultRanges.month}
      query={({ start, end }) => ocStatsQueryOptions({ baseOrderId, startDate: start, endDate: end })}
      select={select}
      unit={unit}
    />
  );
  const asOf = order.open_cloud.run_date ? `as of ${formatDate(order.open_cloud.run_date)}` : undefined;
  const all: (Section | false)[] = [
    order.instances_apply && {
      value: 'instances',
      label: 'Instances',
      figures: (
        <>
          <Stat label="Daily instances" hint={asOf}>
            {count(order.open_cloud.daily_vm_qty)}
          </Stat>
          <Stat label="Month-to-date spend">{formatMoney(order.mtd_spend.mtd_daily_vm_mrc)}</Stat>
        </>
      ),
      charts: [
        chart('Instance count', instancesOf),
        chart('Instance type count', typesOf),
        chart('Uncommitted usage', uncommittedOf),
      ],
    },
    order.volume_storage_apply && {
      value: 'volume',
      label: 'Volume storage',
      figures: (
        <>
          <Stat label="Volume storage" hint={asOf}>
            {formatGigabytes(order.open_cloud.volume_storage_bytes)}
          </Stat>
          <Stat label="Month-to-date spend">{formatMoney(order.mtd_spend.mtd_daily_volume_storage_mrc)}</Stat>
        </>
      ),
      charts: [chart('Volume storage', volumeOf, 'gigabytes')],
    },
    order.snap_storage_apply && {
      value: 'snapshot',
      label: 'Snapshot storage',
      figures: (
        <>
          <Stat label="Snapshot storage" hint={asOf}>
            {formatGigabytes(order.open_cloud.snap_storage_bytes)}
          </Stat>
          <Stat label="Month-to-date spend">{formatMoney(order.mtd_spend.mtd_daily_snapshot_storage_mrc)}</Stat>
        </>
      ),
      charts: [chart('Snapshot storage', snapOf, 'gigabytes')],
    },
  ];
  return all.filter((s): s is Section => s !== false);
}

/** service/oc/{baseOrderId}: open cloud usage, one tab per component that applies. */
export function OpenCloudPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderOc(baseOrderId);
  return (
    <ProductShell label="Open cloud" query={query}>
      {(order) => {
        const tabs = sections(order, baseOrderId);
        if (tabs.length === 0) return <EmptyState>No open cloud components apply to this order.</EmptyState>;
        return (
          <Tabs defaultValue={tabs[0]?.value ?? null} keepMounted={false}>
            <Tabs.List>
              {tabs.map((s) => (
                <Tabs.Tab key={s.value} value={s.value}>
                  {s.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map((s) => (
              <Tabs.Panel key={s.value} value={s.value} pt="md">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    {s.figures}
                  </SimpleGrid>
                  <ChartGrid>{s.charts}</ChartGrid>
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        );
      }}
    </ProductShell>
  );
}
