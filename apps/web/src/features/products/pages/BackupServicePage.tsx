import { Table } from '@mantine/core';
import type { productsBs } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatBytes, formatMoney } from '../../../lib/formats.ts';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { PageSection, ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { bsStorageStatsQueryOptions, useOrderBs } from '../api/backup-service.ts';
import { ManagedBackupsTable } from '../components/ManagedBackupsTable.tsx';

const bytes = (v: number) => formatBytes(v, 1);

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
    <PageSection title="Rates">
      <Table aria-label="Rates">
        <Table.Tbody>
          {rows.map(([label, rate]) => (
            <Table.Tr key={label}>
              <Table.Td>{label}</Table.Td>
              <Table.Td ta="right">{formatMoney(rate, order.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </PageSection>
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
        const stat = (label: string, value: string | number) => (
          <Stat key={label} label={label}>
            {value}
          </Stat>
        );
        return (
          <ProductSections
            stats={[
              stat('Production storage', bytes(order.production_storage_size)),
              stat('Trial storage', bytes(order.trial_storage_size)),
              ...(order.local_storage_size !== null ? [stat('Local storage', bytes(order.local_storage_size))] : []),
              stat('Workstations', order.workstation_count),
              stat('Virtual machines', order.vm_count),
              stat('Servers', order.server_count),
              stat('Mobiles', order.mobile_count),
              stat('Cloud office items', order.mailbox_count + order.teams_count + order.sharepoint_sites_count),
              stat('Websites', order.website_count),
            ]}
            charts={charts.map((c) => (
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
            tables={[
              <ManagedBackupsTable key="backups" baseOrderId={baseOrderId} />,
              <Rates key="rates" order={order} />,
              <ChargesTable key="charges" order={order} />,
            ]}
          />
        );
      }}
    </ProductShell>
  );
}
