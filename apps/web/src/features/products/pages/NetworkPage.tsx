import { Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  products,
  type ChartData,
  type NetworkChartType,
  type NetworkInterface,
  type NetworkSummary,
} from '@portal/contract';
import { useLoaderData } from 'react-router';

import type { ChartRange } from '../../../components/ui/chart/ranges.ts';
import { formatValue } from '../../../components/ui/chart/units.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart, type ReferenceLine } from '../../../components/ui/TimeSeriesChart.tsx';
import { downloadNetworkStats } from '../api/download-network-stats.ts';
import { useNetworkOrder } from '../api/get-network-order.ts';
import { networkSummaryQueryOptions } from '../api/get-network-summary.ts';
import { networkStatsQueryOptions } from '../api/get-network-stats.ts';
import { ChargesTable } from '../components/ChargesTable.tsx';
import { ProductSections } from '../components/ProductSections.tsx';
import { ProductShell } from '../components/ProductShell.tsx';
import { TrafficSummaryTable } from '../components/TrafficSummary.tsx';

const titles: Record<NetworkChartType, string> = {
  bits: 'Traffic',
  discards: 'Discards',
  errors: 'Errors',
  packets: 'Packets',
};

const asIs = (data: ChartData) => data;

/** The 95th percentile in and out, drawn across the bits chart in the colours of In and Out. */
function percentileLines(summary: NetworkSummary): ReferenceLine[] {
  return [
    ...(summary.in ? [{ label: '95th percentile in', value: summary.in.p95, series: 0 }] : []),
    ...(summary.out ? [{ label: '95th percentile out', value: summary.out.p95, series: 1 }] : []),
  ];
}

function InterfaceCharts({ baseOrderId, iface }: { baseOrderId: number; iface: NetworkInterface }) {
  const types = products.networkChartsFor(iface.snmpiftype);
  // The provider's alias, else the device's name of the interface (both from its product object).
  const name = iface.multi_interface_alias || iface.name || `Interface ${iface.snmpinterface_id}`;
  const interfaceId = iface.snmpinterface_id;
  const bitsSummary = {
    query: ({ start, end }: ChartRange) =>
      networkSummaryQueryOptions({ baseOrderId, interfaceId, startDate: start, endDate: end }),
    lines: percentileLines,
    render: (_summary: unknown, range: ChartRange) => (
      <TrafficSummaryTable baseOrderId={baseOrderId} interfaceId={interfaceId} range={range} />
    ),
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            {iface.multi_interface_alias && iface.name ? `${iface.name} · ` : ''}Interface {interfaceId} · type{' '}
            {iface.snmpiftype}
            {iface.speed_bps > 0 ? ` · ${formatValue('bitRate', iface.speed_bps)}` : ''}
          </Text>
        </div>
        {types.length === 0 ? (
          <EmptyState>No charts for this interface type.</EmptyState>
        ) : (
          <Tabs defaultValue={types[0]} keepMounted={false}>
            <Tabs.List>
              {types.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {titles[t]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {types.map((chartType) => (
              <Tabs.Panel key={chartType} value={chartType} pt="sm">
                <TimeSeriesChart
                  title={`${titles[chartType]} – ${name}`}
                  defaultRange={defaultRanges.day}
                  query={({ start, end }) =>
                    networkStatsQueryOptions({ baseOrderId, interfaceId, chartType, startDate: start, endDate: end })
                  }
                  select={asIs}
                  unit={chartType === 'bits' ? 'bitRate' : 'perSecond'}
                  // The server's file holds every point of the range; the chart thins them to 300 rows.
                  download={({ start, end }, fileName) =>
                    void downloadNetworkStats(
                      { baseOrderId, interfaceId, chartType, startDate: start, endDate: end },
                      fileName,
                    )
                  }
                  {...(chartType === 'bits' ? { summary: bitsSummary } : {})}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Paper>
  );
}

/** service/network/{baseOrderId}: traffic charts per monitored interface (up to 10 chart sets). */
export function NetworkPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useNetworkOrder(baseOrderId);
  return (
    <ProductShell label="Network" query={query}>
      {(order) => (
        <ProductSections
          charts={order.interfaces.slice(0, products.maxNetworkChartSets).map((iface) => (
            <InterfaceCharts key={iface.snmpinterface_id} baseOrderId={baseOrderId} iface={iface} />
          ))}
          tables={<ChargesTable order={order} />}
        >
          {order.interfaces.length === 0 && <EmptyState>No monitored interfaces on this order.</EmptyState>}
        </ProductSections>
      )}
    </ProductShell>
  );
}
