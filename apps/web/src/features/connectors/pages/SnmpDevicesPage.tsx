import type { SnmpDevice } from '@portal/contract';

import { formatCount, formatDateTime } from '../../../lib/formats.ts';
import { useDevices } from '../api/list-devices.ts';
import { useRemoveDevice } from '../api/remove-device.ts';
import { useSaveDevice, type SaveDeviceInput } from '../api/save-device.ts';
import { ConnectorAdmin, type ConnectorKind } from '../components/ConnectorAdmin.tsx';
import { DeviceFields } from '../components/DeviceFields.tsx';
import {
  deviceFormSchema,
  emptyDevice,
  inputOf,
  valuesOf,
  type DeviceFormValues,
} from '../components/device-form-values.ts';

const interfacesOf = (d: SnmpDevice) =>
  d.interfaces.map((i) => `${i.if_name ?? `#${i.if_index}`} → ${i.order_number}/${i.object_key}`).join(', ');

const snmpDevices: ConnectorKind<SnmpDevice, DeviceFormValues, SaveDeviceInput> = {
  title: 'SNMP Devices',
  intro:
    'Routers and switches the poller reads (IF-MIB interface counters) into the network pages of the orders their interfaces feed. Communities and v3 keys are stored encrypted and never shown.',
  noun: 'device',
  newFormLabel: 'New SNMP device',
  caption: 'SNMP devices',
  empty: 'There are no SNMP devices yet.',
  keyOf: (d) => d.device_key,
  columns: [
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
  ],
  removeQuestion: (key) => `Remove the device "${key}"? The poller stops reading it.`,
  useList: useDevices,
  useRemove: useRemoveDevice,
  useSave: useSaveDevice,
  schema: deviceFormSchema,
  emptyValues: emptyDevice,
  valuesOf,
  inputOf,
  formWidth: 900,
  Fields: DeviceFields,
};

/** admin/snmp-devices (staff level 3): the devices the SNMP poller reads, their status, and their settings. */
export function SnmpDevicesPage() {
  return <ConnectorAdmin kind={snmpDevices} />;
}
