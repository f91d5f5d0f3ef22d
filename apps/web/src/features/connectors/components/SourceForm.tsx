import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { PrometheusSource } from '@portal/contract';
import { useEffect } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useSaveSource } from '../api/save-source.ts';
import {
  emptySeries,
  emptySource,
  inputOf,
  sourceFormSchema,
  valuesOf,
  type SourceFormValues,
} from './source-form-values.ts';

export interface SourceFormProps {
  /** The source being changed, or null to add one. */
  editing: PrometheusSource | null;
  onDone: () => void;
}

const authChoices = [
  { value: 'none', label: 'None' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'basic', label: 'Basic auth' },
];

/** Adds or changes a Prometheus-compatible source. Its token or password is never shown; left blank, it stays. */
export function SourceForm({ editing, onDone }: SourceFormProps) {
  const mutation = useSaveSource();
  const { register, handleSubmit, control, formState, reset } = useForm<SourceFormValues>({
    resolver: zodResolver(sourceFormSchema),
    defaultValues: emptySource(),
  });
  const series = useFieldArray({ control, name: 'series' });
  const { errors } = formState;
  const auth = useWatch({ control, name: 'auth' });
  const held = editing !== null;
  const keepHint = held && editing.auth === auth ? 'Leave blank to keep the held one (for the same URL).' : undefined;

  useEffect(() => {
    reset(editing ? valuesOf(editing) : emptySource());
  }, [editing, reset]);

  return (
    <Paper withBorder p="md" radius="md" maw={1000}>
      <form
        noValidate
        aria-label={held ? `Change source ${editing.source_key}` : 'New Prometheus source'}
        onSubmit={handleSubmit((values) =>
          mutation.mutate(inputOf(values), {
            onSuccess: () => {
              reset(emptySource());
              onDone();
            },
          }),
        )}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {held ? `Change ${editing.source_key}` : 'New source'}
          </Title>
          <FormErrors error={mutation.error} />
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
          <Stack gap="xs">
            <Text fw={600} size="sm">
              Series
            </Text>
            <Text size="xs" c="dimmed">
              Each series of an order is answered by a PromQL expression in the unit its page shows (bits per second for
              the bits chart of if_in_octets / if_out_octets), used as is. The object key is the interface id (or the
              usage component); leave it empty for a metric of the whole order.
            </Text>
            {series.fields.map((field, n) => (
              <Group key={field.id} align="flex-start" gap="xs" wrap="wrap">
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
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove series ${n + 1}`}
                  onClick={() => series.remove(n)}
                >
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button size="xs" variant="light" onClick={() => series.append(emptySeries())}>
                Add series
              </Button>
            </Group>
          </Stack>
          <Group justify="flex-end">
            {held ? (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" loading={mutation.isPending}>
              {held ? 'Save source' : 'Add source'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
