import { Alert, Anchor, Breadcrumbs, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages, type ProductOrder } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { LiveOrder } from '../../../components/ui/chart/LiveOrder.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { HydrationPart } from '../../../components/ui/HydrationPart.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDateTime, formatMoney } from '../../../lib/formats.ts';
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
 * 12), so a flat or empty chart is not read as no usage; and that the data is delayed while a
 * connector feeding the order (an SNMP device, a Prometheus source) is failing (issue 13). Says
 * nothing while unknown or on error.
 */
function FreshnessNotice({ baseOrderId }: { baseOrderId: number }) {
  const { data } = useDataFreshness(baseOrderId);
  if (data?.delayed)
    return (
      <Alert color="yellow" variant="light" title="Data is delayed" data-testid="delayed-data">
        The monitoring that feeds this service is not answering at the moment, so its latest data may be missing
        {data.last_point_at !== null ? `; the latest stored data arrived ${formatDateTime(data.last_point_at)}` : ''}.
        The charts catch up once it answers again.
      </Alert>
    );
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

function Fact({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={`fact-${id}`}>
        {children}
      </Text>
    </div>
  );
}

/** The order's facts under the heading: the same on every product page (decision 099). */
function OrderFacts({ order }: { order: ProductOrder }) {
  return (
    <Paper withBorder radius="md" px="md" py="sm" data-testid="order-facts">
      <Group gap="xl" wrap="wrap" align="flex-start">
        <Fact label="Product" id="product">
          {order.product}
        </Fact>
        <Fact label="Order" id="order">
          {order.order_number}
        </Fact>
        {order.uss_circuit_id && (
          <Fact label="Circuit ID" id="circuit">
            {order.uss_circuit_id}
          </Fact>
        )}
        {order.customer_ref && (
          <Fact label="Customer reference" id="reference">
            {order.customer_ref}
          </Fact>
        )}
        <Fact label="Monthly charge" id="mrc">
          {formatMoney(order.mrc_charges, order.currency)}
        </Fact>
      </Group>
    </Paper>
  );
}

export interface ProductShellProps<T extends ProductOrder> {
  label: string;
  query: { data: T | undefined; error: unknown; isPending: boolean };
  children: (order: T) => ReactNode;
}

/**
 * Header and content area of every product page (decision 099): breadcrumbs, the heading (alias or
 * product), actions, the order's facts and the data-freshness notice; the content below is laid out
 * with ProductSections. When the order call fails the content area is hidden (spec services.md
 * section 4) and only the error remains.
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
            {label}
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
      {/* A part of its own: a phone takes the page over in shorter tasks (decisions 109, 112). */}
      <HydrationPart>
        <OrderFacts order={order} />
      </HydrationPart>
      <FreshnessNotice baseOrderId={order.base_order_id} />
      <LiveOrder baseOrderId={order.base_order_id}>{children(order)}</LiveOrder>
    </Stack>
  );
}
