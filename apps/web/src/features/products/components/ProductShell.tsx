import { Alert, Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { messages, type ProductOrder } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { LiveOrder } from '../../../components/ui/chart/LiveOrder.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import { useDataFreshness } from '../api/get-data-freshness.ts';

/** The generic order page (components, alias, ticket): 'order' is the controller of plain orders. */
export const orderDetailPath = (baseOrderId: number) => paths.service('order', baseOrderId);

/** '5 minutes', 'hour', '2 hours', 'day': how often an order's feed sends points. */
export function everyInterval(seconds: number): string {
  const units: [number, string][] = [
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units)
    if (seconds >= size && seconds % size === 0) {
      const n = seconds / size;
      return n === 1 ? name : `${n} ${name}s`;
    }
  return seconds === 1 ? 'second' : `${seconds} seconds`;
}

/**
 * Says when the order's latest data arrived when that is longer ago than its feed's interval (issue
 * 12), so a flat or empty chart is not read as no usage. Says nothing while unknown or on error.
 */
function FreshnessNotice({ baseOrderId }: { baseOrderId: number }) {
  const { data } = useDataFreshness(baseOrderId);
  if (!data?.stale || data.last_point_at === null) return null;
  return (
    <Alert color="yellow" variant="light" title="Data is older than expected" data-testid="stale-data">
      The latest data arrived {formatDateTime(data.last_point_at)}
      {data.expected_interval_seconds
        ? `; new data is expected every ${everyInterval(data.expected_interval_seconds)}`
        : ''}
      .
    </Alert>
  );
}

export interface ProductShellProps<T extends ProductOrder> {
  label: string;
  query: { data: T | undefined; error: unknown; isPending: boolean };
  children: (order: T) => ReactNode;
}

/**
 * Header and content area of a product page. When the order call fails the content area is hidden
 * (spec services.md section 4) and only the error remains.
 */
export function ProductShell<T extends ProductOrder>({ label, query, children }: ProductShellProps<T>) {
  if (query.error) {
    const notFound = isApiError(query.error) && query.error.code === 'NOT_FOUND';
    return <ErrorBox error={query.error} {...(notFound ? { message: messages.noOrder } : {})} />;
  }
  if (!query.data) return <LoadingState />;
  const order = query.data;
  return (
    <Stack gap="md">
      <Breadcrumbs separator="›" aria-label="Breadcrumbs">
        <Anchor component={Link} to={paths.home()} size="sm">
          Dashboard
        </Anchor>
        <Anchor component={Link} to={paths.services()} size="sm">
          Services
        </Anchor>
        <Text size="sm" aria-current="page">
          {order.order_number}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {order.alias || order.product}
          </Title>
          <Text size="sm" c="dimmed">
            {label} · {order.alias ? `${order.product} · ` : ''}Order {order.order_number}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={orderDetailPath(order.base_order_id)} variant="default" size="sm">
            Order details
          </Button>
          <Button component={Link} to={paths.changeAlias(order.base_order_id)} variant="default" size="sm">
            Change alias
          </Button>
          <Button component={Link} to={paths.newTicket(order.base_order_id)} size="sm">
            Open a ticket
          </Button>
        </Group>
      </Group>
      <FreshnessNotice baseOrderId={order.base_order_id} />
      <LiveOrder baseOrderId={order.base_order_id}>{children(order)}</LiveOrder>
    </Stack>
  );
}
