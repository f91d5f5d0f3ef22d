import { Progress } from '@mantine/core';
import type { ObOrder, ObStats } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatCount, formatBytes, formatGigabytes, formatMoney, roundToNearest5 } from '../../../lib/formats.ts';
import { obStatsQueryOptions } from '../api/get-ob-stats.ts';
import { useOrderOb } from '../api/get-order-ob.ts';
import { BucketTable } from '../components/BucketTable.tsx';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';

const count = (value: number) => formatCount(value);

/** Max size -1 or less means no limit; the meter style (no progress) is used when the limit is 0 or less. */
function Storage({ order }: { order: ObOrder }) {
  const limited = order.max_size > 0;
  const percent = limited ? roundToNearest5((order.latest_size / order.max_size) * 100) : 0;
  return (
    <Stat
      label="Storage used"
      hint={limited ? `${percent}% of ${formatGigabytes(order.max_size)}` : 'Metered, no limit'}
    >
      {/* In GB, as the usage rate is per GB. */}
      {formatGigabytes(order.latest_size)}
      {limited && <Progress value={Math.min(percent, 100)} mt="xs" aria-label="Storage used of the limit" />}
    </Stat>
  );
}

const sizeOf = (s: ObStats) => s.size;
const objectsOf = (s: ObStats) => s.objects;

/** service/ob/{baseOrderId}: object storage figures, bytes and objects charts, and the bucket table. */
export function ObjectStoragePage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderOb(baseOrderId);
  return (
    <ProductShell label="Object storage" query={query}>
      {(order) => (
        <ProductSections
          stats={[
            <Storage key="storage" order={order} />,
            <Stat key="buckets" label="Buckets">
              {count(order.latest_bucket_count)}
            </Stat>,
            <Stat key="max" label="Max size">
              {order.max_size <= -1 ? 'No limit' : formatBytes(order.max_size)}
            </Stat>,
            <Stat key="rate" label="Usage rate" hint="per GB per month">
              {formatMoney(order.per_gb_rate, order.currency)}
            </Stat>,
          ]}
          charts={[
            <TimeSeriesChart
              key="size"
              title="Storage used"
              defaultRange={defaultRanges.month}
              query={(range) => obStatsQueryOptions({ baseOrderId, ...range })}
              select={sizeOf}
              unit="gigabytes"
            />,
            <TimeSeriesChart
              key="objects"
              title="Objects"
              defaultRange={defaultRanges.month}
              query={(range) => obStatsQueryOptions({ baseOrderId, ...range })}
              select={objectsOf}
              unit="count"
            />,
          ]}
          tables={[
            <BucketTable key="buckets" baseOrderId={baseOrderId} />,
            <ChargesTable key="charges" order={order} />,
          ]}
        />
      )}
    </ProductShell>
  );
}
