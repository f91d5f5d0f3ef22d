import { Table, VisuallyHidden } from '@mantine/core';
import { invoices, type Invoice } from '@portal/contract';

import { formatMoney } from '../../../lib/formats.ts';

/**
 * The charges table: monthly, late payment, adjustments, taxes, governmental, balance forward, and
 * the total. A fixed two-column summary (not a record list), so it fits narrow columns without scrolling.
 */
export function InvoiceCharges({ invoice }: { invoice: Invoice }) {
  return (
    <Table verticalSpacing="xs" striped data-testid="invoice-charges">
      <VisuallyHidden component="caption">Charges on this invoice</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Charge</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.invoiceCharges.map(({ key, label }) => (
          <Table.Tr key={key}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right">{formatMoney(invoice[key], invoice.currency)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total amount due</Table.Th>
          <Table.Th ta="right">{formatMoney(invoice.total_amt_due, invoice.currency)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
