import { Button, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { products, type ChartData, type NetworkChartType, type NetworkInterface } from '@portal/contract';
import { useLoaderData } from 'react-router';

import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { formatBitRate } from '../../../lib/formats.ts';
import { downloadNetworkStats } from '../api/download-network-stats.ts';
import { networkStatsQueryOptions } from '../api/get-network-stats.ts';
import { useNetworkOrder } from '../api/get-network-order.ts';
import { ProductShell } from '../components/ProductShell.tsx';

const titles: Record<NetworkChartType, string> = {
  bits: 'Traffic',
  discards: 'Discards',
  errors: 'Errors',
  packets: 'Packets',
};

const perSecond = (v: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(v)}/s`;
const bitAxis = (v: number) => formatBitRate(v, 1);
const asIs = (data: ChartData) => data;

function InterfaceCharts({ baseOrderId, iface }: { baseOrderId: number; iface: NetworkInterface }) {
  const types = products.networkChartsFor(iface.snmpiftype);
  const name = iface.multi_interface_alias ?? `Interface ${iface.snmpinterface_id}`;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            Interface {iface.snmpinterface_id} · type {iface.snmpiftype}
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
                    networkStatsQueryOptions({
                      baseOrderId,
                      interfaceId: iface.snmpinterface_id,
                      chartType,
                      startDate: start,
                      endDate: end,
                    })
                  }
                  select={asIs}
                  formatValue={chartType === 'bits' ? formatBitRate : perSecond}
                  formatAxis={chartType === 'bits' ? bitAxis : perSecond}
                  actions={({ start, end }) => (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() =>
                        void downloadNetworkStats({
                          baseOrderId,
                          interfaceId: iface.snmpinterface_id,
                          chartType,
                          startDate: start,
                          endDate: end,
                        })
                      }
                    >
                      Download CSV
                    </Button>
                  )}
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
      {(order) =>
        order.interfaces.length === 0 ? (
          <EmptyState>No monitored interfaces on this order.</EmptyState>
        ) : (
          <Stack gap="md">
            {order.interfaces.slice(0, products.maxNetworkChartSets).map((iface) => (
              <InterfaceCharts key={iface.snmpinterface_id} baseOrderId={baseOrderId} iface={iface} />
            ))}
          </Stack>
        )
      }
    </ProductShell>
  );
}
