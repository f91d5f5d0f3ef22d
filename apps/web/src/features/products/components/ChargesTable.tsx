import { Table, Text } from '@mantine/core';
import type { products } from '@portal/contract';

import { formatMoney } from '../../../lib/formats.ts';
import { PageSection } from './ProductSections.tsx';

const quantity = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(value);

/**
 * The order's monthly charge as it is billed (decision 099): each component's quantity, rate and
 * charge, and the total, which is the order's monthly charge. Components without a charge are left
 * out, as on the order page.
 */
export function ChargesTable({ order }: { order: { mrc_charges: number; charges: products.OrderCharge[] } }) {
  const rows = order.charges.filter((c) => c.mrc_charges !== 0);
  return (
    <PageSection title="Monthly charges" testId="charges">
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing="xs" aria-label="Monthly charges">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Component</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Charge</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.component_id}>
                <Table.Td>{c.description}</Table.Td>
                <Table.Td ta="right">
                  {quantity(c.quantity)} {c.unit_of_measure ?? ''}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(c.rate)}</Table.Td>
                <Table.Td ta="right">{formatMoney(c.mrc_charges)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Total monthly charge</Table.Th>
              <Table.Th ta="right" data-testid="charges-total">
                {formatMoney(order.mrc_charges)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No component of this order has a monthly charge.
        </Text>
      )}
    </PageSection>
  );
}
