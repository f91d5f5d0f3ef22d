import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import type { ConnectorStatus } from '@portal/contract';
import { Link } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import { agree, countOf } from '../../../lib/words.ts';
import { useConnectorStatus } from '../api/get-status.ts';

const columns: Column<ConnectorStatus>[] = [
  {
    key: 'kind',
    header: 'Connector',
    render: (c) => `${c.kind === 'snmp' ? 'SNMP device' : 'Prometheus source'} ${c.key}`,
  },
  { key: 'target', header: 'Target', render: (c) => c.target },
  { key: 'orders', header: 'Orders fed', render: (c) => c.orders.join(', ') || 'none' },
  {
    key: 'state',
    header: 'State',
    render: (c) =>
      c.failing ? (
        <Badge color="red" variant="light" style={{ minWidth: 'max-content' }}>
          Failing
        </Badge>
      ) : c.last_success_at ? (
        <Badge color="green" variant="light" style={{ minWidth: 'max-content' }}>
          OK
        </Badge>
      ) : (
        <Badge color="gray" variant="light" style={{ minWidth: 'max-content' }}>
          Not run yet
        </Badge>
      ),
  },
  { key: 'last_success_at', header: 'Last success', render: (c) => formatDateTime(c.last_success_at) || 'never' },
  {
    key: 'last_error',
    header: 'Last error',
    render: (c) => (c.last_error ? `${formatDateTime(c.last_error_at)}: ${c.last_error}` : 'none'),
  },
  {
    key: 'last_hour',
    header: 'Last hour',
    render: (c) => countOf(c.last_hour, c.last_hour_unit === 'points' ? 'point' : 'query', c.last_hour_unit),
  },
  {
    key: 'next_run_at',
    header: 'Next run',
    render: (c) => (c.next_run_at === null ? 'when a chart is read' : formatDateTime(c.next_run_at)),
  },
];

/** admin/connectors (staff level 3): every SNMP device and Prometheus-compatible source and how it is doing. */
export function ConnectorStatusPage() {
  const status = useConnectorStatus();
  const failing = status.data?.filter((c) => c.failing).length ?? 0;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Connector Status
        </Title>
        <Text size="sm" c="dimmed">
          The connectors that pull usage data: SNMP devices polled on a schedule (
          <Anchor component={Link} to={paths.adminSnmpDevices()} underline="always">
            SNMP devices
          </Anchor>
          ) and Prometheus-compatible sources asked when a chart is read (
          <Anchor component={Link} to={paths.adminPrometheusSources()} underline="always">
            Prometheus sources
          </Anchor>
          ). While a connector is failing, the pages of the orders it feeds tell customers their data is delayed.
        </Text>
      </div>
      {status.data ? (
        <Text size="sm" role="status">
          {failing === 0
            ? 'No connector is failing.'
            : `${failing} of ${countOf(status.data.length, 'connector')} ${agree(failing, 'is')} failing.`}
        </Text>
      ) : null}
      <DataTable
        caption="Connectors"
        columns={columns}
        rows={status.data}
        rowKey={(c) => `${c.kind}:${c.key}`}
        loading={status.isPending}
        error={status.error}
        empty="There are no connectors yet."
      />
    </Stack>
  );
}
