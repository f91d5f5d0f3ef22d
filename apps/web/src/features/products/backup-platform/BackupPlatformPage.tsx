import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import type { ChartData, ChOrder, ChStats } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatDate, formatGigabytes, formatMoney } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { chStatsQueryOptions } from './get-ch-stats.ts';
import { useOrderCh } from './get-order-ch.ts';

const count = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);

interface Part {
  value: string;
  label: string;
  usage: string;
  rate: number;
  rateUnit: string;
  charge: number;
  select: (s: ChStats) => ChartData;
  /** Objects are counted; storage is priced per GB, so it is charted in GB. */
  unit: ChartUnit;
}

const mgmtOf = (s: ChStats) => s.backup_mgmt;
const storageOf = (s: ChStats) => s.backup_storage;
const replicationOf = (s: ChStats) => s.replication_storage;

/** The parts that apply to the order, one tab each (spec services.md sections 2 and 4). */
function parts(order: ChOrder): Part[] {
  const p = order.platform;
  const all: (Part | false)[] = [
    order.backup_mgmt_applies && {
      value: 'objects',
      label: 'Backup objects',
      usage: count(p.backup_mgmt_objects),
      rate: p.backup_mgmt_objects_rate,
      rateUnit: 'per object per month',
      charge: p.backup_mgmt_objects_mrc,
      select: mgmtOf,
      unit: 'count',
    },
    order.backup_storage_applies && {
      value: 'storage',
      label: 'Backup storage',
      usage: formatGigabytes(p.backup_storage_bytes),
      rate: p.backup_storage_rate,
      rateUnit: 'per GB per month',
      charge: p.backup_storage_mrc,
      select: storageOf,
      unit: 'gigabytes',
    },
    order.replication_storage_applies && {
      value: 'replication',
      label: 'Replication storage',
      usage: formatGigabytes(p.replication_storage_bytes),
      rate: p.replication_storage_rate,
      rateUnit: 'per GB per month',
      charge: p.replication_storage_mrc,
      select: replicationOf,
      unit: 'gigabytes',
    },
  ];
  return all.filter((x): x is Part => x !== false);
}

/** service/ch/{baseOrderId}: backup platform usage, rate and charge, one tab per part that applies. */
export function BackupPlatformPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderCh(baseOrderId);
  return (
    <ProductShell label="Backup platform" query={query}>
      {(order) => {
        const tabs = parts(order);
        if (tabs.length === 0) return <EmptyState>No backup platform parts apply to this order.</EmptyState>;
        const asOf = order.platform.run_date ? `as of ${formatDate(order.platform.run_date)}` : undefined;
        return (
          <Tabs defaultValue={tabs[0]?.value ?? null} keepMounted={false}>
            <Tabs.List>
              {tabs.map((t) => (
                <Tabs.Tab key={t.value} value={t.value}>
                  {t.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {tabs.map((t) => (
              <Tabs.Panel key={t.value} value={t.value} pt="md">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                    <Stat label="Usage" hint={asOf}>
                      {t.usage}
                    </Stat>
                    <Stat label="Rate" hint={t.rateUnit}>
                      {formatMoney(t.rate)}
                    </Stat>
                    <Stat label="Charge" hint="usage × rate">
                      {formatMoney(t.charge)}
                    </Stat>
                  </SimpleGrid>
                  <ChartGrid>
                    <TimeSeriesChart
                      title={t.label}
                      defaultRange={defaultRanges.month}
                      query={({ start, end }) => chStatsQueryOptions({ baseOrderId, startDate: start, endDate: end })}
                      select={t.select}
                      unit={t.unit}
                    />
                  </ChartGrid>
                </Stack>
              </Tabs.Panel>
            ))}
          </Tabs>
        );
      }}
    </ProductShell>
  );
}
