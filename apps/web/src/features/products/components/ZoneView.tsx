import { Anchor, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatBytes, formatDate } from '../../../lib/formats.ts';
import { ProductShell } from './ProductShell.tsx';
import { Stat } from './Stat.tsx';
import { ddStatsQueryOptions, useOrderDd } from '../api/web-security.ts';
import { DnsRecords, FirewallEvents, ThreatCountries, ThreatTypes } from './ZoneLists.tsx';

const count = (n: number) => formatCount(n, 3);
const share = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '0%');

/**
 * One zone of a web and app security order: over 30 days, threats stopped, requests, bandwidth and
 * visitors; the encrypted versus unencrypted traffic and visitors charts; the top 5 threat types, top
 * threat countries, DNS records and firewall events. `allZones` links back to the order's zone list.
 */
export function ZoneView({
  baseOrderId,
  zoneId,
  allZones,
}: {
  baseOrderId: number;
  zoneId: number;
  allZones: boolean;
}) {
  const query = useOrderDd({ baseOrderId, zoneId });
  return (
    <ProductShell label="Web and app security" query={query}>
      {(order) => {
        const u = order.usage;
        const charts = [
          { key: 'traffic' as const, title: 'Encrypted vs unencrypted traffic' },
          { key: 'visitors' as const, title: 'Visitors' },
        ];
        return (
          <Stack gap="md">
            <Group justify="space-between" align="baseline" wrap="wrap">
              <div>
                <Title order={2} size="h3" data-testid="zone-name">
                  {order.zone.name}
                </Title>
                <Text size="sm" c="dimmed">
                  Last 30 days: {formatDate(order.usage_start)} – {formatDate(order.usage_end)}
                </Text>
              </div>
              {allZones && (
                <Anchor component={Link} to={paths.service('dd', baseOrderId)} size="sm">
                  All zones of this order
                </Anchor>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="stats-grid">
              <Stat label="Threats stopped">{count(u.threats_stopped)}</Stat>
              <Stat
                label="Requests"
                hint={`${count(u.requests_cached)} cached · ${count(u.requests_uncached)} uncached`}
              >
                {count(u.requests_total)}
              </Stat>
              <Stat
                label="Bandwidth"
                hint={`${formatBytes(u.bandwidth_cached, 1)} cached · ${formatBytes(u.bandwidth_uncached, 1)} uncached`}
              >
                {formatBytes(u.bandwidth_total, 1)}
              </Stat>
              <Stat label="Encrypted requests" hint={`${count(u.requests_encrypted)} of ${count(u.requests_total)}`}>
                {share(u.requests_encrypted, u.requests_total)}
              </Stat>
            </SimpleGrid>
            <ChartGrid>
              {charts.map((c) => (
                <TimeSeriesChart
                  key={c.key}
                  title={c.title}
                  defaultRange={defaultRanges.month}
                  query={(range) =>
                    ddStatsQueryOptions({ baseOrderId, zoneId, startDate: range.start, endDate: range.end })
                  }
                  select={(stats) => stats[c.key]}
                  unit="count"
                />
              ))}
            </ChartGrid>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <ThreatTypes types={order.threat_types} />
              <ThreatCountries baseOrderId={baseOrderId} zoneId={zoneId} />
            </SimpleGrid>
            <DnsRecords records={order.dns_records} />
            <FirewallEvents events={order.firewall_events} />
          </Stack>
        );
      }}
    </ProductShell>
  );
}
