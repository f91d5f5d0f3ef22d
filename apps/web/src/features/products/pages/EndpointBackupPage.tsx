import { Stack, Title } from '@mantine/core';
import type { ChartData, productsEb } from '@portal/contract';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';

import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatCount, formatDate, formatGigabytes, formatMoney } from '../../../lib/formats.ts';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { Stat } from '../components/Stat.tsx';
import { AgentClientsTable } from '../components/AgentClientsTable.tsx';
import { ebStatsQueryOptions, useOrderEb } from '../api/endpoint-backup.ts';
import { ImageMachinesTable } from '../components/ImageMachinesTable.tsx';

const count = (value: number) => formatCount(value, 3);
const asOf = (date: number | null) => (date ? `as of ${formatDate(date)}` : undefined);

function Chart({
  baseOrderId,
  title,
  select,
  unit,
}: {
  baseOrderId: number;
  title: string;
  select: (stats: productsEb.EbStats) => ChartData | undefined;
  unit: ChartUnit;
}) {
  return (
    <TimeSeriesChart
      title={title}
      defaultRange={defaultRanges.month}
      query={({ start, end }) => ebStatsQueryOptions({ baseOrderId, startDate: start, endDate: end })}
      select={(stats) => select(stats) ?? []}
      unit={unit}
    />
  );
}

/** A section of the page (agent or image): its title over the shared layout of stats, charts and table. */
function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function AgentSection({ baseOrderId, order }: { baseOrderId: number; order: productsEb.EbOrder }) {
  const agent = order.agent;
  if (!agent) return null;
  return (
    <Section title="Agent backup" testId="eb-agent">
      <ProductSections
        stats={[
          <Stat key="nodes" label="Protected endpoints" hint={asOf(agent.display_date)}>
            {count(agent.node_count)}
          </Stat>,
          <Stat
            key="nodes-charge"
            label="Endpoint charge"
            hint={`${formatMoney(agent.node_count_rate, order.currency)} per licence per month`}
          >
            {formatMoney(agent.node_count_amount, order.currency)}
          </Stat>,
          ...(order.em_applies
            ? [
                <Stat key="bytes" label="Protected data" hint={asOf(agent.display_date)}>
                  {formatGigabytes(agent.bytes_protected)}
                </Stat>,
                <Stat
                  key="bytes-charge"
                  label="Protected data charge"
                  hint={`${formatMoney(agent.gb_protected_rate, order.currency)} per GB per month`}
                >
                  {formatMoney(agent.gb_protected_amount, order.currency)}
                </Stat>,
              ]
            : []),
        ]}
        charts={[
          <Chart
            key="nodes"
            baseOrderId={baseOrderId}
            title="Protected endpoints"
            select={(s) => s.agent?.node_count}
            unit="count"
          />,
          <Chart
            key="bytes"
            baseOrderId={baseOrderId}
            title="Protected data"
            select={(s) => s.agent?.bytes_protected}
            unit="gigabytes"
          />,
        ]}
        tables={<AgentClientsTable baseOrderId={baseOrderId} />}
      />
    </Section>
  );
}

function ImageSection({ baseOrderId, order }: { baseOrderId: number; order: productsEb.EbOrder }) {
  const image = order.image;
  if (!image) return null;
  return (
    <Section title="Image backup" testId="eb-image">
      <ProductSections
        stats={[
          <Stat key="vms" label="Protected machines" hint={asOf(image.display_date)}>
            {count(image.vm_count)}
          </Stat>,
          <Stat
            key="vms-charge"
            label="Machine charge"
            hint={`${formatMoney(image.vm_count_rate, order.currency)} per machine per month`}
          >
            {formatMoney(image.vm_count_amount, order.currency)}
          </Stat>,
          <Stat
            key="bytes"
            label="Local storage"
            hint={order.im_applies ? asOf(image.display_date) : 'Included in the machine charge'}
          >
            {formatGigabytes(image.total_bytes)}
          </Stat>,
          ...(order.im_applies
            ? [
                <Stat
                  key="bytes-charge"
                  label="Storage charge"
                  hint={`${formatMoney(image.total_gb_rate, order.currency)} per GB per month`}
                >
                  {formatMoney(image.total_gb_amount, order.currency)}
                </Stat>,
              ]
            : []),
        ]}
        charts={[
          <Chart
            key="vms"
            baseOrderId={baseOrderId}
            title="Protected machines"
            select={(s) => s.image?.vm_count}
            unit="count"
          />,
          <Chart
            key="bytes"
            baseOrderId={baseOrderId}
            title="Local storage"
            select={(s) => s.image?.total_bytes}
            unit="gigabytes"
          />,
        ]}
        tables={<ImageMachinesTable baseOrderId={baseOrderId} />}
      />
    </Section>
  );
}

/**
 * service/eb/{baseOrderId}: the agent and image sections, each shown when it applies to the order
 * (its figures, charges, charts and paged table of clients or machines).
 */
export function EndpointBackupPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrderEb(baseOrderId);
  return (
    <ProductShell label="Endpoint backup" query={query}>
      {(order) =>
        order.agent || order.image ? (
          <Stack gap="xl">
            <AgentSection baseOrderId={baseOrderId} order={order} />
            <ImageSection baseOrderId={baseOrderId} order={order} />
            <ChargesTable order={order} />
          </Stack>
        ) : (
          <EmptyState>This order has no agent or image backup.</EmptyState>
        )
      }
    </ProductShell>
  );
}
