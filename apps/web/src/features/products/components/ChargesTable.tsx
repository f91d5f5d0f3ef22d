import { Table, Text } from '@mantine/core';
import type { products } from '@portal/contract';

import { formatCount, formatMoney } from '../../../lib/formats.ts';
import { PageSection } from './ProductSections.tsx';

const quantity = (value: number) => formatCount(value, 4);

/** The billed component whose description starts with `prefix` (quantity above 0), as the API picks it. */
export const chargeOf = (order: { charges: products.OrderCharge[] }, prefix: string) =>
  order.charges.find((c) => c.description.startsWith(prefix) && c.quantity > 0);

/** '32 VM × $5.25875': how a component's charge is made up. */
export const billedAs = (c: products.OrderCharge) =>
  `${quantity(c.quantity)}${c.unit_of_measure ? ` ${c.unit_of_measure}` : ''} × ${formatMoney(c.rate)}`;

/**
 * The order's monthly charge as it is billed (decision 099): each component with its quantity × rate
 * and its charge, and the total, which is the order's monthly charge. Components without a charge are
 * left out, as on the order page. Two columns, so it reads on a phone without scrolling sideways.
 */
export function ChargesTable({ order }: { order: { mrc_charges: number; charges: products.OrderCharge[] } }) {
  const rows = order.charges.filter((c) => c.mrc_charges !== 0);
  return (
    <PageSection title="Monthly charges" testId="charges">
      <Table verticalSpacing="xs" aria-label="Monthly charges">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Component (quantity × rate)</Table.Th>
            <Table.Th ta="right">Charge</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((c) => (
            <Table.Tr key={c.component_id}>
              <Table.Td>
                <Text size="sm">{c.description}</Text>
                <Text size="xs" c="dimmed">
                  {billedAs(c)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(c.mrc_charges)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total monthly charge</Table.Th>
            <Table.Th ta="right" data-testid="charges-total">
              {formatMoney(order.mrc_charges)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No component of this order has a monthly charge.
        </Text>
      )}
    </PageSection>
  );
}
