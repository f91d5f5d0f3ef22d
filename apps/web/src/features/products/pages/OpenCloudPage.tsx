import { Stack } from '@mantine/core';
import type { OcOrder, OcStats } from '@portal/contract';
import { useLoaderData } from 'react-router';

import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatCount, formatDate, formatGigabytes, formatMoney } from '../../../lib/formats.ts';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections, ProductTabs, type ProductTab } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { ocStatsQueryOptions } from '../api/get-oc-stats.ts';
import { useOrderOc } from '../api/get-order-oc.ts';

const count = (value: number) => formatCount(value, 2);

const instancesOf = (s: OcStats) => s.instance_count;
/** One series per instance type: the instances of that type each day. */
const typesOf = (s: OcStats) => s.instance_type_count;
const uncommittedOf = (s: OcStats) => s.uncommitted_usage;
const volumeOf = (s: OcStats) => s.volume_storage;
const snapOf = (s: OcStats) => s.snap_storage;

/** The tabs of the components that apply to the order (spec services.md sections 2 and 4). */
function tabs(order: OcOrder, baseOrderId: number): ProductTab[] {
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
  const spend = (value: number) => (
    <Stat key="spend" label="Month-to-date spend">
      {formatMoney(value, order.currency)}
    </Stat>
  );
  const all: (ProductTab | false)[] = [
    order.instances_apply && {
      value: 'instances',
      label: 'Instances',
      content: (
        <ProductSections
          stats={[
            <Stat key="daily" label="Daily instances" hint={asOf}>
              {count(order.open_cloud.daily_vm_qty)}
            </Stat>,
            spend(order.mtd_spend.mtd_daily_vm_mrc),
          ]}
          charts={[
            chart('Instance count', instancesOf),
            chart('Instances by type', typesOf),
            chart('Uncommitted usage', uncommittedOf),
          ]}
        />
      ),
    },
    order.volume_storage_apply && {
      value: 'volume',
      label: 'Volume storage',
      content: (
        <ProductSections
          stats={[
            <Stat key="volume" label="Volume storage" hint={asOf}>
              {formatGigabytes(order.open_cloud.volume_storage_bytes)}
            </Stat>,
            spend(order.mtd_spend.mtd_daily_volume_storage_mrc),
          ]}
          charts={[chart('Volume storage', volumeOf, 'gigabytes')]}
        />
      ),
    },
    order.snap_storage_apply && {
      value: 'snapshot',
      label: 'Snapshot storage',
      content: (
        <ProductSections
          stats={[
            <Stat key="snapshot" label="Snapshot storage" hint={asOf}>
              {formatGigabytes(order.open_cloud.snap_storage_bytes)}
            </Stat>,
            spend(order.mtd_spend.mtd_daily_snapshot_storage_mrc),
          ]}
          charts={[chart('Snapshot storage', snapOf, 'gigabytes')]}
        />
      ),
    },
  ];
  return all.filter((t): t is ProductTab => t !== false);
}

/** service/oc/{baseOrderId}: open cloud usage, one tab per component that applies, and the monthly charges. */
export function OpenCloudPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderOc(baseOrderId);
  return (
    <ProductShell label="Open cloud" query={query}>
      {(order) => (
        <Stack gap="md">
          <ProductTabs tabs={tabs(order, baseOrderId)} empty="No open cloud components apply to this order." />
          <ChargesTable order={order} />
        </Stack>
      )}
    </ProductShell>
  );
}
