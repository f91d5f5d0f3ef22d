import { Stack } from '@mantine/core';
import type { EdStats } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatCount, formatDate, formatMoney } from '../../../lib/formats.ts';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { edStatsQueryOptions } from '../api/get-ed-stats.ts';
import { useOrderEd } from '../api/get-order-ed.ts';

const count = (value: number) => formatCount(value);

const licenseOf = (s: EdStats) => s.license;

/** service/ed/{baseOrderId}: licence counts, the licence rate and a licence chart of an endpoint detection order. */
export function EndpointDetectionPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderEd(baseOrderId);
  return (
    <ProductShell label="Endpoint detection" query={query}>
      {(order) => {
        if (!order.hasLicenses)
          return (
            <Stack gap="md">
              <EmptyState>This order has no endpoint detection licences.</EmptyState>
              <ChargesTable order={order} />
            </Stack>
          );
        const asOf = order.last_run_date ? `as of ${formatDate(order.last_run_date)}` : undefined;
        return (
          <ProductSections
            stats={[
              <Stat key="active" label="Active licences" hint={asOf}>
                {count(order.active_licenses)}
              </Stat>,
              <Stat key="hw" label="Hardware-bound licences" hint={asOf}>
                {count(order.active_licenses_hw)}
              </Stat>,
              <Stat key="rate" label="Licence rate" hint="per licence per month">
                {formatMoney(order.licenses_rate, order.currency)}
              </Stat>,
            ]}
            charts={[
              <TimeSeriesChart
                key="licences"
                title="Licences"
                defaultRange={defaultRanges.month}
                query={({ start, end }) => edStatsQueryOptions({ baseOrderId, startDate: start, endDate: end })}
                select={licenseOf}
                unit="count"
              />,
            ]}
            tables={<ChargesTable order={order} />}
          />
        );
      }}
    </ProductShell>
  );
}
