import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConnectorRowsProps {
  /** The list's heading ("Interfaces") and what a row is. */
  title: string;
  help: ReactNode;
  /** One entry a row (react-hook-form's field array `fields`: each with its id). */
  rows: readonly { id: string }[];
  /** A row in words, in its Remove button's name and the Add button: "interface". */
  noun: string;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The last row cannot be removed. */
  keepOne?: boolean;
  /** The list's own error (too few rows). */
  error?: string | undefined;
  /** A row's fields. */
  children: (index: number) => ReactNode;
}

/** The rows a connector feeds (a device's interfaces, a source's series): each with a Remove button, then Add. */
export function ConnectorRows({
  title,
  help,
  rows,
  noun,
  onAdd,
  onRemove,
  keepOne,
  error,
  children,
}: ConnectorRowsProps) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {help}
      </Text>
      {rows.map((row, n) => (
        <Group key={row.id} align="flex-start" gap="xs" wrap="wrap">
          {children(n)}
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={`Remove ${noun} ${n + 1}`}
            disabled={keepOne && rows.length === 1}
            onClick={() => onRemove(n)}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button size="xs" variant="light" onClick={onAdd}>
          Add {noun}
        </Button>
      </Group>
    </Stack>
  );
}
