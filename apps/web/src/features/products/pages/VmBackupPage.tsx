import { Group, Text } from '@mantine/core';
import type { CvStats } from '@portal/contract';
import { useLoaderData } from 'react-router';

import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatCount, formatDate, formatGigabytes, formatMoney } from '../../../lib/formats.ts';
import { billedAs, chargeOf, ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { ClientDownloads } from '../components/ClientDownloads.tsx';
import { cvStatsQueryOptions } from '../api/get-cv-stats.ts';
import { useOrderCv } from '../api/get-order-cv.ts';

const count = (value: number) => formatCount(value, 2);

const vmsOf = (s: CvStats) => s.vm_count;
const storageOf = (s: CvStats) => s.used_storage;

/** service/cv/{baseOrderId}: VM count, storage used, rates, charges, charts and the client installers. */
export function VmBackupPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderCv(baseOrderId);
  return (
    <ProductShell label="Virtual machine backup" query={query}>
      {(order) => {
        const asOf = order.run_date ? `as of ${formatDate(order.run_date)}` : undefined;
        // Charges are the billed components' (decision 099): say what is billed, not what is measured.
        const billed = (prefix: string) => {
          const c = chargeOf(order, prefix);
          return c ? `${billedAs(c, order.currency)}, this month` : 'not billed on this order';
        };
        const chart = (title: string, select: (s: CvStats) => CvStats['vm_count'], unit: ChartUnit) => (
          <TimeSeriesChart
            key={title}
            title={title}
            defaultRange={defaultRanges.month}
            query={({ start, end }) => cvStatsQueryOptions({ baseOrderId, startDate: start, endDate: end })}
            select={select}
            unit={unit}
          />
        );
        return (
          <ProductSections
            stats={[
              <Stat key="vms" label="Protected VMs" hint={asOf}>
                {count(order.backup_count)}
              </Stat>,
              <Stat key="vm-rate" label="Rate per VM" hint="per VM per month">
                {formatMoney(order.per_vm_rate, order.currency)}
              </Stat>,
              <Stat key="vm-charge" label="VM charge" hint={billed('Protected virtual machines')}>
                {formatMoney(order.mm_rate_per_vm, order.currency)}
              </Stat>,
              <Stat key="storage" label="Storage used" hint={asOf}>
                {formatGigabytes(order.used_bytes)}
              </Stat>,
              <Stat key="gb-rate" label="Rate per GB" hint="per GB per month">
                {formatMoney(order.per_gb_rate, order.currency)}
              </Stat>,
              <Stat key="gb-charge" label="Storage charge" hint={billed('Backup storage')}>
                {formatMoney(order.gb_amount, order.currency)}
              </Stat>,
            ]}
            charts={[chart('Protected VMs', vmsOf, 'count'), chart('Storage used', storageOf, 'gigabytes')]}
            tables={<ChargesTable order={order} />}
          >
            <Group justify="space-between" align="center" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                Install the backup client on each virtual machine you want to protect.
              </Text>
              <ClientDownloads downloads={order.client_downloads} />
            </Group>
          </ProductSections>
        );
      }}
    </ProductShell>
  );
}
