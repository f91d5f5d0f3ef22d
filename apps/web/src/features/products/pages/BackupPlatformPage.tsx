import { Stack } from '@mantine/core';
import type { ChartData, ChOrder, ChStats } from '@portal/contract';
import { useLoaderData } from 'react-router';

import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatCount, formatDate, formatGigabytes, formatMoney } from '../../../lib/formats.ts';
import { billedAs, chargeOf, ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections, ProductTabs } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { chStatsQueryOptions } from '../api/get-ch-stats.ts';
import { useOrderCh } from '../api/get-order-ch.ts';

const count = (value: number) => formatCount(value);

interface Part {
  value: string;
  label: string;
  usage: string;
  rate: number;
  rateUnit: string;
  charge: number;
  /** The billed component's description starts with this. */
  component: string;
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
      component: 'Backup management objects',
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
      component: 'Backup repository',
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
      component: 'Replication',
      select: replicationOf,
      unit: 'gigabytes',
    },
  ];
  return all.filter((x): x is Part => x !== false);
}

/** What the charge is made of: the billed component's quantity × rate (decision 099). */
function billedHint(order: ChOrder, component: string) {
  const c = chargeOf(order, component);
  return c ? `${billedAs(c, order.currency)}, this month` : undefined;
}

/** service/ch/{baseOrderId}: backup platform usage, rate and charge, one tab per part that applies. */
export function BackupPlatformPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderCh(baseOrderId);
  return (
    <ProductShell label="Backup platform" query={query}>
      {(order) => {
        const asOf = order.platform.run_date ? `as of ${formatDate(order.platform.run_date)}` : undefined;
        const tabs = parts(order).map((t) => ({
          value: t.value,
          label: t.label,
          content: (
            <ProductSections
              stats={[
                <Stat key="usage" label="Usage" hint={asOf}>
                  {t.usage}
                </Stat>,
                <Stat key="rate" label="Rate" hint={t.rateUnit}>
                  {formatMoney(t.rate, order.currency)}
                </Stat>,
                <Stat key="charge" label="Charge" hint={billedHint(order, t.component)}>
                  {formatMoney(t.charge, order.currency)}
                </Stat>,
              ]}
              charts={[
                <TimeSeriesChart
                  key={t.value}
                  title={t.label}
                  defaultRange={defaultRanges.month}
                  query={({ start, end }) => chStatsQueryOptions({ baseOrderId, startDate: start, endDate: end })}
                  select={t.select}
                  unit={t.unit}
                />,
              ]}
            />
          ),
        }));
        return (
          <Stack gap="md">
            <ProductTabs tabs={tabs} empty="No backup platform parts apply to this order." />
            <ChargesTable order={order} />
          </Stack>
        );
      }}
    </ProductShell>
  );
}
