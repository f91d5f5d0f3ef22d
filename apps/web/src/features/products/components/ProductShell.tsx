import { Anchor, Breadcrumbs, Button, Group, Stack, Text, Title } from '@mantine/core';
import { messages, type ProductOrder } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';

/** The generic order page (components, alias, ticket): 'order' is the controller of plain orders. */
export const orderDetailPath = (baseOrderId: number) => paths.service('order', baseOrderId);

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
      {children(order)}
    </Stack>
  );
}
