import { Anchor, Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';

export interface DashboardCardProps {
  title: string;
  /** A link in the card header ('View all'). */
  action?: { label: string; to: string };
  /** A control in the card header (an account dropdown). */
  control?: ReactNode;
  testId?: string;
  /** The card's data is still loading (its body shows placeholders of the final size). */
  busy?: boolean;
  children: ReactNode;
}

/** One box of the dashboard: a titled landmark section. */
export function DashboardCard({ title, action, control, testId, busy = false, children }: DashboardCardProps) {
  const id = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      aria-busy={busy}
      withBorder
      radius="md"
      p="md"
      shadow="xs"
      data-testid={testId}
      h="100%"
    >
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title id={id} order={2} size="h4">
          {title}
        </Title>
        {action && (
          <Anchor component={Link} to={action.to} size="sm">
            {action.label}
          </Anchor>
        )}
      </Group>
      {control && <div style={{ marginBottom: 'var(--mantine-spacing-sm)' }}>{control}</div>}
      {children}
    </Paper>
  );
}
