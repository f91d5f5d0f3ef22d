import { NativeSelect, PasswordInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import type { PrometheusSource } from '@portal/contract';
import { useFieldArray, useWatch } from 'react-hook-form';

import type { ConnectorFieldsProps } from './ConnectorAdmin.tsx';
import { ConnectorRows } from './ConnectorRows.tsx';
import { emptySeries, type SourceFormValues } from './source-form-values.ts';

const authChoices = [
  { value: 'none', label: 'None' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'basic', label: 'Basic auth' },
];

/** A Prometheus-compatible source's fields. Its token or password is never shown; left blank, it stays. */
export function SourceFields({ form, editing }: ConnectorFieldsProps<PrometheusSource, SourceFormValues>) {
  const { register, control, formState } = form;
  const series = useFieldArray({ control, name: 'series' });
  const { errors } = formState;
  const auth = useWatch({ control, name: 'auth' });
  const held = editing !== null;
  const keepHint = held && editing.auth === auth ? 'Leave blank to keep the held one (for the same URL).' : undefined;

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <TextInput
          label="Source key"
          required
          readOnly={held}
          autoComplete="off"
          error={errors.source_key?.message}
          {...register('source_key')}
        />
        <TextInput
          label="Base URL"
          description="The portal appends /api/v1/query_range"
          required
          autoComplete="off"
          placeholder="http://prometheus:9090"
          error={errors.url?.message}
          {...register('url')}
        />
        <NativeSelect label="Sign-in" data={authChoices} {...register('auth')} />
      </SimpleGrid>
      {auth === 'bearer' ? (
        <PasswordInput
          label="Bearer token"
          required={!keepHint}
          description={keepHint}
          autoComplete="off"
          maw={420}
          {...register('bearer_token')}
        />
      ) : null}
      {auth === 'basic' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} maw={840}>
          <TextInput label="User name" required autoComplete="off" {...register('username')} />
          <PasswordInput
            label="Password"
            required={!keepHint}
            description={keepHint}
            autoComplete="off"
            {...register('password')}
          />
        </SimpleGrid>
      ) : null}
      <ConnectorRows
        title="Series"
        help={
          <>
            Each series of an order is answered by a PromQL expression in the unit its page shows (bits per second for
            the bits chart of if_in_octets / if_out_octets), used as is. The object key is the interface id (or the
            usage component); leave it empty for a metric of the whole order.
          </>
        }
        rows={series.fields}
        noun="series"
        onAdd={() => series.append(emptySeries())}
        onRemove={series.remove}
      >
        {(n) => (
          <>
            <TextInput
              label="Order number"
              required
              autoComplete="off"
              w={150}
              error={errors.series?.[n]?.order_number?.message}
              {...register(`series.${n}.order_number`)}
            />
            <TextInput
              label="Metric"
              required
              autoComplete="off"
              w={170}
              error={errors.series?.[n]?.metric?.message}
              {...register(`series.${n}.metric`)}
            />
            <TextInput
              label="Object key"
              autoComplete="off"
              w={110}
              error={errors.series?.[n]?.object_key?.message}
              {...register(`series.${n}.object_key`)}
            />
            <Textarea
              label="PromQL"
              required
              autosize
              minRows={1}
              style={{ flex: 1, minWidth: 260 }}
              styles={{ input: { fontFamily: 'monospace' } }}
              error={errors.series?.[n]?.promql?.message}
              {...register(`series.${n}.promql`)}
            />
          </>
        )}
      </ConnectorRows>
    </>
  );
}
