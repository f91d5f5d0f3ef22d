import { Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import type { productsRp } from '@portal/contract';
import { useLoaderData } from 'react-router';

import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatBytes, formatHertz, roundToNearest5 } from '../../../lib/formats.ts';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { resourcePoolStatsQueryOptions, useResourcePoolOrder } from '../api/resource-pool.ts';
import { VmTable } from '../components/VmTable.tsx';

interface Usage {
  key: string;
  title: string;
  used: number;
  limit: number;
  format: (value: number) => string;
  /** Memory and storage profiles in bytes (base 1024), compute in hertz (base 1000). */
  unit: ChartUnit;
}

const bytes = (v: number) => formatBytes(v, 1);
const hertz = (v: number) => formatHertz(v, 1);
const profileTitle = (name: string) => `Storage: ${name.charAt(0).toUpperCase()}${name.slice(1)}`;

function usages(order: productsRp.ResourcePoolOrder): Usage[] {
  return [
    {
      key: 'memory',
      title: 'Memory',
      used: order.memory_bytes_used,
      limit: order.memory_bytes_limit,
      format: bytes,
      unit: 'bytes',
    },
    { key: 'cpu', title: 'Compute', used: order.cpu_hz_used, limit: order.cpu_hz_limit, format: hertz, unit: 'hertz' },
    ...order.storage_profiles.map((p) => ({
      key: `storage:${p.name}`,
      title: profileTitle(p.name),
      used: p.bytes_used,
      limit: p.bytes_limit,
      format: bytes,
      unit: 'bytes' as const,
    })),
  ];
}

/** Current usage of one metric: a progress circle (percent to the nearest 5), or a meter when the limit is 0 or less. */
function UsageCard({ usage }: { usage: Usage }) {
  const limited = usage.limit > 0;
  const percent = limited ? roundToNearest5((usage.used / usage.limit) * 100) : 0;
  return (
    <Paper withBorder radius="md" p="md" aria-label={`${usage.title} usage`} role="group">
      <Group gap="md" wrap="nowrap">
        {limited && (
          <RingProgress
            size={84}
            thickness={8}
            roundCaps
            sections={[{ value: Math.min(percent, 100), color: percent > 90 ? 'red' : 'blue' }]}
            label={
              <Text ta="center" size="sm" fw={700}>
                {percent}%
              </Text>
            }
          />
        )}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {usage.title}
          </Text>
          <Text size="xl" fw={700}>
            {usage.format(usage.used)}
          </Text>
          <Text size="xs" c="dimmed">
            {limited ? `of ${usage.format(usage.limit)}` : 'Metered, no limit'}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** service/resource-pool/{baseOrderId}: current usage, a chart per metric (up to 30) and the VM table. */
export function ResourcePoolPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useResourcePoolOrder(baseOrderId);
  return (
    <ProductShell label="Resource pool" query={query}>
      {(order) => {
        const items = usages(order);
        return (
          <ProductSections
            stats={items.map((u) => (
              <UsageCard key={u.key} usage={u} />
            ))}
            charts={items.map((u, i) => (
              <TimeSeriesChart
                key={u.key}
                title={u.title}
                defaultRange={defaultRanges.month}
                query={(range) => resourcePoolStatsQueryOptions({ baseOrderId, ...range })}
                select={(charts) => charts[i]?.chartData ?? []}
                unit={u.unit}
              />
            ))}
            tables={[<VmTable key="vms" baseOrderId={baseOrderId} />, <ChargesTable key="charges" order={order} />]}
          />
        );
      }}
    </ProductShell>
  );
}
