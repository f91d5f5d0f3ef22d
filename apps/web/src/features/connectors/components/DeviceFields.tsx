import { NativeSelect, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import { integration, type SnmpDevice } from '@portal/contract';
import { useFieldArray, useWatch } from 'react-hook-form';

import type { ConnectorFieldsProps } from './ConnectorAdmin.tsx';
import { ConnectorRows } from './ConnectorRows.tsx';
import type { DeviceFormValues } from './device-form-values.ts';

/** An SNMP device's fields. Secrets are never shown; left blank on a change, the held ones stay. */
export function DeviceFields({ form, editing }: ConnectorFieldsProps<SnmpDevice, DeviceFormValues>) {
  const { register, control, formState } = form;
  const interfaces = useFieldArray({ control, name: 'interfaces' });
  const { errors } = formState;
  const version = useWatch({ control, name: 'version' });
  const held = editing !== null;
  const keepHint = held ? 'Leave blank to keep the held one (for the same address and port).' : undefined;

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <TextInput
          label="Device key"
          required
          readOnly={held}
          autoComplete="off"
          error={errors.device_key?.message}
          {...register('device_key')}
        />
        <TextInput
          label="Address"
          description="IP address or host name"
          required
          autoComplete="off"
          error={errors.address?.message}
          {...register('address')}
        />
        <TextInput label="UDP port" required inputMode="numeric" error={errors.port?.message} {...register('port')} />
        <TextInput
          label="Interval (seconds)"
          description={`At least ${integration.snmpMinInterval}`}
          required
          inputMode="numeric"
          error={errors.interval_seconds?.message}
          {...register('interval_seconds')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <NativeSelect label="SNMP version" data={['2c', '3']} {...register('version')} />
        {version === '2c' ? (
          <PasswordInput
            label="Community"
            required={!held}
            description={held && editing.has_community ? keepHint : undefined}
            autoComplete="off"
            {...register('community')}
          />
        ) : (
          <>
            <TextInput label="v3 user" required autoComplete="off" {...register('v3_user')} />
            <NativeSelect
              label="Authentication"
              data={[
                { value: '', label: 'none' },
                ...integration.snmpAuthProtocols.map((p) => ({ value: p, label: p })),
              ]}
              {...register('auth_protocol')}
            />
            <PasswordInput
              label="Authentication key"
              description={held && editing.v3?.has_auth_key ? keepHint : undefined}
              autoComplete="off"
              {...register('auth_key')}
            />
            <NativeSelect
              label="Privacy"
              data={[
                { value: '', label: 'none' },
                ...integration.snmpPrivProtocols.map((p) => ({ value: p, label: p })),
              ]}
              {...register('priv_protocol')}
            />
            <PasswordInput
              label="Privacy key"
              description={held && editing.v3?.has_priv_key ? keepHint : undefined}
              autoComplete="off"
              {...register('priv_key')}
            />
          </>
        )}
      </SimpleGrid>
      <ConnectorRows
        title="Interfaces"
        help={
          <>
            Each interface feeds one network_interface object of an order: the interface&apos;s name (ifName) or its
            ifIndex on the device, the order number and the object key (the interface id the network page shows).
          </>
        }
        rows={interfaces.fields}
        noun="interface"
        onAdd={() => interfaces.append({ iface: '', order_number: '', object_key: '' })}
        onRemove={interfaces.remove}
        keepOne
        error={errors.interfaces?.message}
      >
        {(n) => (
          <>
            <TextInput
              label="Interface (name or ifIndex)"
              required
              autoComplete="off"
              error={errors.interfaces?.[n]?.iface?.message}
              {...register(`interfaces.${n}.iface`)}
            />
            <TextInput
              label="Order number"
              required
              autoComplete="off"
              error={errors.interfaces?.[n]?.order_number?.message}
              {...register(`interfaces.${n}.order_number`)}
            />
            <TextInput
              label="Object key"
              required
              inputMode="numeric"
              autoComplete="off"
              error={errors.interfaces?.[n]?.object_key?.message}
              {...register(`interfaces.${n}.object_key`)}
            />
          </>
        )}
      </ConnectorRows>
    </>
  );
}
