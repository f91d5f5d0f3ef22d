import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Invoice } from '@portal/contract';
import { messages } from '@portal/contract';
import { Link } from 'react-router';

import { DeferredAccountSelect } from './DeferredAccountSelect.tsx';
import { Donut } from '../../../components/ui/Donut.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { Placeholder } from '../../../components/ui/Skeletons.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/formats.ts';
import { currentAccountId, setCurrentAccountId } from '../../../lib/session.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useInvoiceProducts, useLatestInvoice, InvoiceStatusBadge } from '../../invoices/index.ts';
import { maxSlices, spendByService } from '../spend-by-service.ts';
import { DashboardCard } from './DashboardCard.tsx';

/** Stand-in values of the same length as real ones, laid out like the real summary while loading. */
const placeholderInvoice = {
  account_id: 0,
  cycle_log_id: 0,
  invoice_number: 'INV-0000-000000',
  bill_date: '2000-01-01',
  due_date: '2000-01-01',
  total_amt_due: 10000,
  amount_paid: 0,
  currency: 'USD',
  status: 'unpaid',
  days_until_due: 10,
} satisfies Partial<Invoice>;

/** The loading skeleton's donut slices: as many as the real donut can have, shown blurred. */
const loadingSlices = Array.from({ length: maxSlices }, (_, index) => ({ label: `Service ${index}`, value: 1 }));

type SummaryData = Pick<
  Invoice,
  | 'account_id'
  | 'cycle_log_id'
  | 'invoice_number'
  | 'bill_date'
  | 'due_date'
  | 'total_amt_due'
  | 'amount_paid'
  | 'currency'
  | 'status'
  | 'days_until_due'
>;

/** Amount due, status, due date and the link to the invoice. */
function InvoiceSummary({ data }: { data: SummaryData }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
      <div>
        <Text size="sm" c="dimmed">
          Amount due
        </Text>
        <Group gap="sm" align="center">
          <Text fz={30} fw={700} c="brand" lh={1.1} data-testid={data.account_id ? 'amount-due' : undefined}>
            {formatMoney(data.total_amt_due, data.currency)}
          </Text>
          <InvoiceStatusBadge status={data.status} amountPaid={data.amount_paid} currency={data.currency} />
        </Group>
        <Text size="sm">
          Due {formatDate(data.due_date)}
          {/* Spec: the remaining-days text goes away once the due date is reached. */}
          {data.days_until_due > 0 && (
            <Text span c="dimmed" size="sm">
              {' '}
              · {data.days_until_due} {data.days_until_due === 1 ? 'day' : 'days'} left
            </Text>
          )}
        </Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          Invoice {data.invoice_number} · billed {formatDate(data.bill_date)}
        </Text>
        <Anchor component={Link} to={paths.invoiceView(data.account_id, data.cycle_log_id)} size="sm" fw={600}>
          View invoice
        </Anchor>
      </div>
    </Group>
  );
}

/** The latest invoice of the chosen account, with a donut of spend by service. */
export function InvoiceBox() {
  const session = useLoginData();
  const accountId = currentAccountId(session);
  const invoice = useLatestInvoice(accountId);
  const products = useInvoiceProducts(invoice.data);

  const control = (
    <DeferredAccountSelect
      accounts={session.accounts}
      value={accountId}
      onChange={setCurrentAccountId}
      label="Invoice account"
    />
  );

  let body;
  if (accountId === null) body = <EmptyState>No account selected.</EmptyState>;
  // The spec: a failure here shows the server's own message.
  else if (invoice.error) body = <ErrorBox error={invoice.error} />;
  else {
    const data = invoice.data;
    body = (
      <Stack gap="md">
        {data ? (
          <InvoiceSummary data={data} />
        ) : (
          <Placeholder>
            <InvoiceSummary data={placeholderInvoice} />
          </Placeholder>
        )}
        {products.error ? (
          <ErrorBox error={products.error} />
        ) : products.data ? (
          <Donut
            title="Spend by service"
            slices={spendByService(products.data)}
            formatValue={(value) => formatMoney(value, invoice.data?.currency ?? 'USD')}
            empty={messages.noServicesBreakdown}
            center={
              <Text size="xs" c="dimmed" fw={600}>
                By service
              </Text>
            }
          />
        ) : (
          // As many legend lines as the donut can have, so the box does not grow when it arrives.
          <Placeholder radius="md">
            <Donut
              title=""
              slices={loadingSlices}
              formatValue={(value) => formatMoney(value, placeholderInvoice.currency)}
              empty=""
            />
          </Placeholder>
        )}
      </Stack>
    );
  }
  const busy = accountId !== null && !invoice.error && !products.error && (invoice.isPending || products.isPending);

  return (
    <DashboardCard
      title="Latest invoice"
      control={control}
      testId="invoice-box"
      busy={busy}
      action={{ label: 'Pay / balance', to: paths.invoicesPay() }}
    >
      {body}
    </DashboardCard>
  );
}
