import { Group, Text } from '@mantine/core';
import type { UsageStatsItem } from '@portal/contract';
import { products } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { chartPrice, formatCount, formatDate, formatMoney } from '../../../lib/formats.ts';
import { useUsageOrder } from '../api/get-usage-order.ts';
import { usageStatsQueryOptions } from '../api/get-usage-stats.ts';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';

const quantity = (value: number) => formatCount(value, 3);

function RecentCharge({ item, currency }: { item: UsageStatsItem | undefined; currency: string }) {
  const charge = item?.recentCharge;
  if (!charge) return null;
  return (
    <Group justify="space-between" gap="xs" data-testid="usage-stats">
      <div>
        <Text size="xs" c="dimmed">
          Latest usage ({formatDate(charge.date)})
        </Text>
        <Text fw={600}>
          {quantity(charge.valueAmount)} {charge.unitOfMeasure ?? ''}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed" ta="right">
          Charge
        </Text>
        <Text fw={600}>{formatMoney(chartPrice(charge.dollarAmount), currency)}</Text>
      </div>
    </Group>
  );
}

/** service/usage-based/{baseOrderId}: one chart and a stats box per billed component (up to 10). */
export function UsageBasedPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useUsageOrder(baseOrderId);
  return (
    <ProductShell label="Usage-based service" query={query}>
      {(order) => {
        const components = order.components.slice(0, products.maxUsageCharts);
        return (
          <ProductSections
            charts={components.map((c) => (
              <TimeSeriesChart
                key={c.component_id}
                title={c.description}
                defaultRange={defaultRanges.threeMonths}
                query={(range) =>
                  usageStatsQueryOptions({ baseOrderId, ...range, customerOrderComponentId: c.component_id })
                }
                select={(items) => items[0]?.chartData ?? []}
                unit="number"
                footer={(items) => <RecentCharge item={items[0]} currency={order.currency} />}
              />
            ))}
            tables={<ChargesTable order={order} />}
          >
            {components.length === 0 && <EmptyState>No usage-based components on this order.</EmptyState>}
          </ProductSections>
        );
      }}
    </ProductShell>
  );
}
