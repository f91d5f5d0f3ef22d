import { Anchor } from '@mantine/core';
import { dashboard } from '@portal/contract';
import type { orders } from '@portal/contract';
import { Link } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { paths } from '../../../config/paths.ts';
import { usePendingOrders } from '../../orders/index.ts';
import { DashboardCard } from './DashboardCard.tsx';

const columns: Column<orders.PendingOrder>[] = [
  {
    key: 'order_number',
    header: 'Order',
    render: (order) => (
      <Anchor component={Link} to={paths.inquirePending(order.order_number, order.base_order_id)} size="sm" fw={600}>
        {order.order_number}
      </Anchor>
    ),
  },
  { key: 'product', header: 'Product', render: (order) => order.product },
  {
    key: 'project_manager',
    header: 'Project manager',
    render: (order) =>
      order.project_manager ? `${order.project_manager.first_nm} ${order.project_manager.last_nm}` : '—',
  },
];

/** The latest 5 pending orders; each order number opens the inquiry about it. */
export function PendingOrdersBox() {
  const pending = usePendingOrders(dashboard.pendingOrders);
  return (
    <DashboardCard title="Pending orders" testId="pending-orders-box">
      <DataTable
        caption="Latest pending orders"
        columns={columns}
        rows={pending.data}
        rowKey={(order) => order.base_order_id}
        loading={pending.isPending}
        error={pending.error}
        empty="You have no pending orders."
      />
    </DashboardCard>
  );
}
