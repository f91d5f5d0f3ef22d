import { Anchor, Breadcrumbs, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { orders, type OrderDetail } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/formats.ts';
import { groupPath } from '../../../lib/product-groups.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useOrder } from '../api/get-order.ts';
import { Fact } from '../../../components/ui/Fact.tsx';
import { OrderComponents } from '../components/OrderComponents.tsx';
import { OrderLoadError } from '../components/OrderLoadError.tsx';

const statusLabels: Record<string, string> = { A: 'Active', D: 'Disconnected', P: 'Pending' };

/** Term shown only when present, and not for the term codes NOCH and UK. */
const showsTerm = (order: OrderDetail) =>
  Boolean(order.order_term) && !(orders.hiddenTermCodes as readonly (string | null)[]).includes(order.term_cd);

function OrderView({ order }: { order: OrderDetail }) {
  const session = useLoginData();
  const group = session.products.find((p) => p.product_cd === order.product_cd)?.product_group;
  return (
    <Stack gap="md">
      <Breadcrumbs separator="›" aria-label="Breadcrumbs">
        <Anchor component={Link} to={paths.home()} size="sm">
          Dashboard
        </Anchor>
        <Anchor component={Link} to={paths.services()} size="sm">
          Services
        </Anchor>
        {group && (
          <Anchor component={Link} to={paths.services(groupPath(group))} size="sm">
            {group}
          </Anchor>
        )}
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
            {order.alias ? `${order.product} · ` : ''}Order {order.order_number}
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to={paths.changeAlias(order.base_order_id)} variant="default" size="sm">
            Change alias
          </Button>
          <Button component={Link} to={paths.newTicket(order.base_order_id)} size="sm">
            Open a ticket
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          Order details
        </Title>
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md">
          <Fact label="Product">{order.product}</Fact>
          <Fact label="Order number">{order.order_number}</Fact>
          <Fact label="Account">
            {order.account.name} ({order.account.account_number})
          </Fact>
          <Fact label="Circuit ID">{order.uss_circuit_id || '–'}</Fact>
          <Fact label="Customer reference">{order.customer_ref || '–'}</Fact>
          <Fact label="Alias">{order.alias || '–'}</Fact>
          <Fact label="Status">{statusLabels[order.order_status_cd] ?? order.order_status_cd}</Fact>
          {order.contract_start_date && (
            <Fact label="Contract start date">{formatDate(order.contract_start_date)}</Fact>
          )}
          {showsTerm(order) && <Fact label="Term">{order.order_term}</Fact>}
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Components and monthly charges
          </Title>
          <OrderComponents order={order} />
        </Stack>
      </Paper>
    </Stack>
  );
}

/** service/{productCd}/{baseOrderId}: the generic order page (per-product pages replace it for their controller). */
export function ServiceDetailPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrder(baseOrderId);
  if (query.error) return <OrderLoadError error={query.error} />;
  if (!query.data) return <LoadingState />;
  return <OrderView order={query.data} />;
}
