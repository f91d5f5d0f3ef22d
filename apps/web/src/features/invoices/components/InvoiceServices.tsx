import { Stack, Text } from '@mantine/core';
import { messages, type InvoiceProduct } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { Donut } from '../../../components/ui/Donut.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/PageStates.tsx';
import { formatMoney } from '../../../lib/formats.ts';
import { useInvoiceProducts } from '../api/get-invoice-products.ts';
import { servicesBreakdown } from '../invoice-rules.ts';

const columnsIn = (currency: string): Column<InvoiceProduct>[] => [
  {
    key: 'product',
    header: 'Service',
    render: (line) => (
      <Text size="sm" fw={500}>
        {line.product}
      </Text>
    ),
  },
  { key: 'product_group', header: 'Group', render: (line) => line.product_group },
  { key: 'service_count', header: 'Qty', align: 'right', render: (line) => line.service_count },
  { key: 'price', header: 'Amount', align: 'right', render: (line) => formatMoney(line.price, currency) },
];

/**
 * Spend by service on one invoice, in its currency: a donut and a table. When the services add up to zero
 * or less there is no breakdown to show.
 */
export function InvoiceServices({
  accountId,
  cycleLogId,
  currency,
}: {
  accountId: number;
  cycleLogId: number;
  currency: string;
}) {
  const products = useInvoiceProducts({ account_id: accountId, cycle_log_id: cycleLogId });
  if (products.error) return <ErrorBox error={products.error} />;
  if (products.isPending) return <LoadingState label="Loading services…" />;
  const lines = products.data;
  const breakdown = servicesBreakdown(lines);
  if (!breakdown) return <EmptyState>{messages.noServicesBreakdown}</EmptyState>;
  return (
    <Stack gap="lg">
      <Donut
        title="Spend by service on this invoice"
        slices={breakdown.slices}
        formatValue={(value) => formatMoney(value, currency)}
        empty={messages.noServicesBreakdown}
        size={190}
        center={
          <div>
            <Text size="xs" c="dimmed">
              Services
            </Text>
            <Text size="sm" fw={700}>
              {formatMoney(breakdown.total, currency)}
            </Text>
          </div>
        }
      />
      <DataTable
        caption="Services on this invoice"
        columns={columnsIn(currency)}
        rows={lines}
        rowKey={(line) => line.product_cd}
      />
    </Stack>
  );
}
