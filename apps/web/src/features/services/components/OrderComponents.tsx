import { Group, Switch, Text } from '@mantine/core';
import type { OrderDetail } from '@portal/contract';
import { useState } from 'react';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { formatCount, formatMoney } from '../../../lib/formats.ts';

type Component = OrderDetail['all_customer_order_components'][number];

/** The columns, the charges in the order's currency. */
const columnsIn = (currency: string): Column<Component>[] => [
  { key: 'description', header: 'Component', render: (c) => c.current_customer_services.service_component.description },
  {
    key: 'quantity',
    header: 'Quantity',
    align: 'right',
    render: (c) => `${formatCount(c.quantity, 3)}${c.unit_of_measure ? ` ${c.unit_of_measure}` : ''}`,
  },
  {
    key: 'mrc',
    header: 'Monthly charge',
    align: 'right',
    render: (c) => formatMoney(c.current_customer_services.mrc_charges, currency),
  },
];

/** The order's components; rows with a zero monthly charge stay hidden unless the user asks for them. */
export function OrderComponents({ order }: { order: OrderDetail }) {
  const [showZero, setShowZero] = useState(false);
  const all = order.all_customer_order_components;
  const zero = all.filter((c) => c.current_customer_services.mrc_charges === 0).length;
  const rows = showZero ? all : all.filter((c) => c.current_customer_services.mrc_charges !== 0);
  return (
    <>
      {zero > 0 && (
        <Switch
          checked={showZero}
          onChange={(event) => setShowZero(event.currentTarget.checked)}
          label={`Show components without a monthly charge (${zero})`}
          size="sm"
        />
      )}
      <DataTable
        caption={`Components of order ${order.order_number}`}
        columns={columnsIn(order.currency)}
        rows={rows}
        rowKey={(c) => c.component_id}
        empty="This order has no components with a monthly charge."
      />
      <Group justify="flex-end" gap="xs">
        <Text size="sm" fw={600}>
          Total monthly charge
        </Text>
        <Text size="sm" fw={700} data-testid="total-mrc">
          {formatMoney(order.mrc_charges, order.currency)}
        </Text>
      </Group>
    </>
  );
}
