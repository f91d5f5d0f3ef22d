import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import type { productsDd } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatBytes } from '../../../lib/formats.ts';
import { ProductShell } from '../components/ProductShell.tsx';
import { useDdZones } from '../api/web-security.ts';
import { ZoneView } from '../components/ZoneView.tsx';

const count = (n: number) => formatCount(n, 3);

const columns = (baseOrderId: number): Column<productsDd.SecurityZone>[] => [
  {
    key: 'name',
    header: 'Zone',
    render: (z) => (
      <Anchor component={Link} to={paths.ddZone(baseOrderId, z.zone_id)} fw={600}>
        {z.name}
      </Anchor>
    ),
  },
  { key: 'threats_stopped', header: 'Threats stopped', render: (z) => count(z.threats_stopped), align: 'right' },
  { key: 'requests_total', header: 'Requests', render: (z) => count(z.requests_total), align: 'right' },
  { key: 'unique_visitors', header: 'Visitors', render: (z) => count(z.unique_visitors), align: 'right' },
  { key: 'bandwidth_total', header: 'Bandwidth', render: (z) => formatBytes(z.bandwidth_total, 1), align: 'right' },
];

/** The zones of an order (several: each links to its page). */
function ZoneList({ order }: { order: productsDd.DdZones }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="zone-list">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Zones
        </Title>
        <Text size="sm" c="dimmed">
          Totals of the last 30 days. Choose a zone to see its threats, DNS records, firewall events and traffic.
        </Text>
        <DataTable
          caption="Zones"
          columns={columns(order.base_order_id)}
          rows={order.zones}
          rowKey={(z) => z.zone_id}
        />
      </Stack>
    </Paper>
  );
}

/**
 * service/dd/{baseOrderId}/{zoneId?} (spec services.md sections 2 and 4): with a zone in the route,
 * that zone; without one, the order's zones are fetched: a single zone is shown directly, several are
 * listed with links.
 */
export function WebSecurityPage() {
  const { baseOrderId, zoneId } = useLoaderData<{ baseOrderId: number; zoneId: number | null }>();
  const zones = useDdZones(baseOrderId);
  if (zoneId !== null)
    return (
      <ZoneView key={zoneId} baseOrderId={baseOrderId} zoneId={zoneId} allZones={(zones.data?.zones.length ?? 0) > 1} />
    );
  const only = zones.data?.zones.length === 1 ? zones.data.zones[0] : undefined;
  if (only) return <ZoneView baseOrderId={baseOrderId} zoneId={only.zone_id} allZones={false} />;
  return (
    <ProductShell label="Web and app security" query={zones}>
      {(order) => <ZoneList order={order} />}
    </ProductShell>
  );
}
