import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { SnmpDevice } from '@portal/contract';
import { useState } from 'react';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { formatCount, formatDateTime } from '../../../lib/formats.ts';
import { useDevices } from '../api/list-devices.ts';
import { useRemoveDevice } from '../api/remove-device.ts';
import { DeviceForm } from '../components/DeviceForm.tsx';

const interfacesOf = (d: SnmpDevice) =>
  d.interfaces.map((i) => `${i.if_name ?? `#${i.if_index}`} → ${i.order_number}/${i.object_key}`).join(', ');

/** admin/snmp-devices (staff level 3): the devices the SNMP poller reads, their status, and their settings. */
export function SnmpDevicesPage() {
  const devices = useDevices();
  const remove = useRemoveDevice();
  const [editing, setEditing] = useState<SnmpDevice | null>(null);

  const columns: Column<SnmpDevice>[] = [
    { key: 'device_key', header: 'Device', render: (d) => d.device_key },
    { key: 'address', header: 'Address', render: (d) => `${d.address}:${d.port}` },
    {
      key: 'version',
      header: 'Version',
      render: (d) => (d.version === '2c' ? `2c${d.has_community ? ' (community held)' : ''}` : `3 (${d.v3?.user})`),
    },
    { key: 'interval', header: 'Interval', render: (d) => `${d.interval_seconds} s` },
    { key: 'interfaces', header: 'Interfaces', render: interfacesOf },
    { key: 'last_success_at', header: 'Last success', render: (d) => formatDateTime(d.last_success_at) || 'never' },
    {
      key: 'last_error',
      header: 'Last error',
      render: (d) => (d.last_error ? `${formatDateTime(d.last_error_at)}: ${d.last_error}` : 'none'),
    },
    { key: 'points', header: 'Points (last hour)', render: (d) => formatCount(d.points_last_hour) },
    { key: 'next_run_at', header: 'Next run', render: (d) => formatDateTime(d.next_run_at) },
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      render: (d) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="light" aria-label={`Change ${d.device_key}`} onClick={() => setEditing(d)}>
            Change
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            aria-label={`Remove ${d.device_key}`}
            loading={remove.isPending && remove.variables === d.device_key}
            onClick={() => {
              if (window.confirm(`Remove the device "${d.device_key}"? The poller stops reading it.`))
                remove.mutate(d.device_key, {
                  onSuccess: () => editing?.device_key === d.device_key && setEditing(null),
                });
            }}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          SNMP Devices
        </Title>
        <Text size="sm" c="dimmed">
          Routers and switches the poller reads (IF-MIB interface counters) into the network pages of the orders their
          interfaces feed. Communities and v3 keys are stored encrypted and never shown.
        </Text>
      </div>
      <DeviceForm editing={editing} onDone={() => setEditing(null)} />
      <FormErrors error={remove.error} />
      <DataTable
        caption="SNMP devices"
        columns={columns}
        rows={devices.data}
        rowKey={(d) => d.device_key}
        loading={devices.isPending}
        error={devices.error}
        empty="There are no SNMP devices yet."
      />
    </Stack>
  );
}
