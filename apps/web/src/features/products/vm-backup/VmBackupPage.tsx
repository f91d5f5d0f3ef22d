import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CvStats } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatDate, formatGigabytes, formatMoney } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { cvStatsQueryOptions } from './get-cv-stats.ts';
import { useOrderCv } from './get-order-cv.ts';

const count = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(value);

const vmsOf = (s: CvStats) => s.vm_count;
const storageOf = (s: CvStats) => s.used_storage;

/**
 * Download clients: the spec names the action but no data behind it. The seed has no per-VM or per-client
 * list for a VM backup order (only the daily vm_count / used_bytes totals) and no installer files, so a
 * CSV of clients cannot be derived honestly. The action therefore opens the Resources library
 * (/r/index), where the provider publishes documents and downloads such as its backup client installers.
 */
const clientDownloadsPath = '/r/index';

/** service/cv/{baseOrderId}: VM count, storage used, rates, charges and charts of a VM backup order. */
export function VmBackupPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderCv(baseOrderId);
  return (
    <ProductShell label="Virtual machine backup" query={query}>
      {(order) => {
        const asOf = order.run_date ? `as of ${formatDate(order.run_date)}` : undefined;
        const chart = (title: string, select: (s: CvStats) => CvStats['vm_count'], unit: ChartUnit) => (
          <TimeSeriesChart
            title={title}
            defaultRange={defaultRanges.month}
            query={({ start, end }) => cvStatsQueryOptions({ baseOrderId, startDate: start, endDate: end })}
            select={select}
            unit={unit}
          />
        );
        return (
          <Stack gap="md">
            <Group justify="space-between" align="center" wrap="wrap" gap="sm">
              <Text size="sm" c="dimmed">
                Install the backup client on each virtual machine you want to protect.
              </Text>
              <Button component={Link} to={clientDownloadsPath} variant="light" size="sm">
                Download clients
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
              <Stat label="Protected VMs" hint={asOf}>
                {count(order.backup_count)}
              </Stat>
              <Stat label="Rate per VM" hint="per VM per month">
                {formatMoney(order.per_vm_rate)}
              </Stat>
              <Stat label="VM charge" hint="VMs × rate">
                {formatMoney(order.mm_rate_per_vm)}
              </Stat>
              <Stat label="Storage used" hint={asOf}>
                {formatGigabytes(order.used_bytes)}
              </Stat>
              <Stat label="Rate per GB" hint="per GB per month">
                {formatMoney(order.per_gb_rate)}
              </Stat>
              <Stat label="Storage charge" hint="GB used × rate">
                {formatMoney(order.gb_amount)}
              </Stat>
            </SimpleGrid>
            <ChartGrid>
              {chart('Protected VMs', vmsOf, 'count')}
              {chart('Storage used', storageOf, 'gigabytes')}
            </ChartGrid>
          </Stack>
        );
      }}
    </ProductShell>
  );
}
