import { Text } from '@mantine/core';
import type { products } from '@portal/contract';

import { DataTable, type Column } from '../../../components/ui/DataTable.tsx';
import { formatCount, formatMoney } from '../../../lib/formats.ts';
import { PageSection } from './ProductSections.tsx';

const quantity = (value: number) => formatCount(value, 4);

/** The billed component whose description starts with `prefix` (quantity above 0), as the API picks it. */
export const chargeOf = (order: { charges: products.OrderCharge[] }, prefix: string) =>
  order.charges.find((c) => c.description.startsWith(prefix) && c.quantity > 0);

/** '32 VM × $5.25875': how a component's charge is made up, in the order's currency. */
export const billedAs = (c: products.OrderCharge, currency: string) =>
  `${quantity(c.quantity)}${c.unit_of_measure ? ` ${c.unit_of_measure}` : ''} × ${formatMoney(c.rate, currency)}`;

const columnsIn = (currency: string): Column<products.OrderCharge>[] => [
  {
    key: 'component',
    header: 'Component (quantity × rate)',
    label: 'Component',
    // One element: on a phone the cell is a grid of its label and one value.
    render: (c) => (
      <div>
        <Text size="sm">{c.description}</Text>
        <Text size="xs" c="dimmed">
          {billedAs(c, currency)}
        </Text>
      </div>
    ),
  },
  {
    key: 'charge',
    header: 'Charge',
    align: 'right',
    render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(c.mrc_charges, currency)}</span>,
  },
];

/**
 * The order's monthly charge as it is billed (decision 099): each component with its quantity × rate
 * and its charge, and the total, which is the order's monthly charge. Components without a charge are
 * left out, as on the order page.
 */
export function ChargesTable({
  order,
}: {
  order: { mrc_charges: number; currency: string; charges: products.OrderCharge[] };
}) {
  const rows = order.charges.filter((c) => c.mrc_charges !== 0);
  return (
    <PageSection title="Monthly charges" testId="charges">
      <DataTable
        caption="Monthly charges"
        columns={columnsIn(order.currency)}
        rows={rows}
        rowKey={(c) => c.component_id}
        empty="No component of this order has a monthly charge."
        footer={{
          title: 'Total monthly charge',
          cells: { charge: <span data-testid="charges-total">{formatMoney(order.mrc_charges, order.currency)}</span> },
        }}
      />
    </PageSection>
  );
}
