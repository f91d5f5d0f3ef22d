import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';

/** What a connector's fields get: the form, and the connector being changed (null while adding one). */
export interface ConnectorFieldsProps<T, V extends FieldValues> {
  form: UseFormReturn<V>;
  editing: T | null;
}

/**
 * One kind of connector on its staff page: how it is listed, asked for, removed and saved, and the
 * form fields it takes. The page, the table's Change and Remove buttons and the form's frame (title,
 * errors, Cancel, Add or Save) are the same for every kind (ConnectorAdmin).
 */
export interface ConnectorKind<T, V extends FieldValues, I> {
  /** The page's heading, e.g. "SNMP Devices". */
  title: string;
  intro: ReactNode;
  /** The kind in lower case, in the form's labels: "device" gives "New device", "Save device". */
  noun: string;
  /** The accessible name of the empty form, e.g. "New SNMP device". */
  newFormLabel: string;
  /** The table's caption and its text when there is nothing yet. */
  caption: string;
  empty: string;
  keyOf: (item: T) => string;
  /** The table's columns before Actions. */
  columns: Column<T>[];
  /** What the Remove button asks before removing `key`. */
  removeQuestion: (key: string) => string;
  useList: () => UseQueryResult<T[]>;
  useRemove: () => UseMutationResult<unknown, Error, string>;
  useSave: () => UseMutationResult<unknown, Error, I>;
  schema: z.ZodType<V>;
  emptyValues: () => V;
  valuesOf: (item: T) => V;
  inputOf: (values: V) => I;
  /** The form's widest extent in pixels. */
  formWidth: number;
  Fields: ComponentType<ConnectorFieldsProps<T, V>>;
}

function ConnectorForm<T, V extends FieldValues, I>({
  kind,
  editing,
  onDone,
}: {
  kind: ConnectorKind<T, V, I>;
  editing: T | null;
  onDone: () => void;
}) {
  const mutation = kind.useSave();
  const form = useForm<V>({
    resolver: zodResolver(kind.schema as never) as unknown as Resolver<V>,
    defaultValues: kind.emptyValues() as DefaultValues<V>,
  });
  const { handleSubmit, reset } = form;
  const held = editing !== null;
  const key = editing === null ? '' : kind.keyOf(editing);

  useEffect(() => {
    reset(editing ? kind.valuesOf(editing) : kind.emptyValues());
  }, [editing, kind, reset]);

  return (
    <Paper withBorder p="md" radius="md" maw={kind.formWidth}>
      <form
        noValidate
        aria-label={held ? `Change ${kind.noun} ${key}` : kind.newFormLabel}
        onSubmit={handleSubmit((values) =>
          mutation.mutate(kind.inputOf(values), {
            onSuccess: () => {
              reset(kind.emptyValues());
              onDone();
            },
          }),
        )}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {held ? `Change ${key}` : `New ${kind.noun}`}
          </Title>
          <FormErrors error={mutation.error} />
          <kind.Fields form={form} editing={editing} />
          <FormActions submit={held ? `Save ${kind.noun}` : `Add ${kind.noun}`} pending={mutation.isPending}>
            {held ? (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </FormActions>
        </Stack>
      </form>
    </Paper>
  );
}

/** A connector kind's staff page: its heading, the add-or-change form, and the table with Change and Remove. */
export function ConnectorAdmin<T, V extends FieldValues, I>({ kind }: { kind: ConnectorKind<T, V, I> }) {
  const list = kind.useList();
  const remove = kind.useRemove();
  const [editing, setEditing] = useState<T | null>(null);

  const columns: Column<T>[] = [
    ...kind.columns,
    {
      key: 'actions',
      header: 'Actions',
      label: '',
      render: (item) => {
        const key = kind.keyOf(item);
        return (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" aria-label={`Change ${key}`} onClick={() => setEditing(item)}>
              Change
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              aria-label={`Remove ${key}`}
              loading={remove.isPending && remove.variables === key}
              onClick={() => {
                if (window.confirm(kind.removeQuestion(key)))
                  remove.mutate(key, {
                    onSuccess: () => editing !== null && kind.keyOf(editing) === key && setEditing(null),
                  });
              }}
            >
              Remove
            </Button>
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {kind.title}
        </Title>
        <Text size="sm" c="dimmed">
          {kind.intro}
        </Text>
      </div>
      <ConnectorForm kind={kind} editing={editing} onDone={() => setEditing(null)} />
      <FormErrors error={remove.error} />
      <DataTable
        caption={kind.caption}
        columns={columns}
        rows={list.data}
        rowKey={kind.keyOf}
        loading={list.isPending}
        error={list.error}
        empty={kind.empty}
      />
    </Stack>
  );
}
