import { Anchor, Group, Stack, Text } from '@mantine/core';
import { messages } from '@portal/contract';
import { Link } from 'react-router';

import { AccountSelect } from '../../../components/ui/AccountSelect.tsx';
import { Donut } from '../../../components/ui/Donut.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { EmptyState, LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/formats.ts';
import { currentAccountId, setCurrentAccountId } from '../../../lib/session.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useInvoiceProducts } from '../../invoices/api/get-invoice-products.ts';
import { useLatestInvoice } from '../../invoices/api/get-latest-invoice.ts';
import { InvoiceStatusBadge } from '../../invoices/components/InvoiceStatusBadge.tsx';
import { spendByService } from '../spend-by-service.ts';
import { DashboardCard } from './DashboardCard.tsx';

/** The latest invoice of the chosen account, with a donut of spend by service. */
export function InvoiceBox() {
  const session = useLoginData();
  const accountId = currentAccountId(session);
  const invoice = useLatestInvoice(accountId);
  const products = useInvoiceProducts(invoice.data);

  const control = (
    <AccountSelect
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
  else if (invoice.isPending) body = <LoadingState label="Loading the latest invoice…" />;
  else {
    const data = invoice.data;
    body = (
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Text size="sm" c="dimmed">
              Amount due
            </Text>
            <Group gap="sm" align="center">
              <Text fz={30} fw={700} c="navy.9" lh={1.1} data-testid="amount-due">
                {formatMoney(data.total_amt_due)}
              </Text>
              <InvoiceStatusBadge status={data.status} amountPaid={data.amount_paid} />
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
        {products.error ? (
          <ErrorBox error={products.error} />
        ) : products.isPending ? (
          <LoadingState label="Loading services…" />
        ) : (
          <Donut
            title="Spend by service"
            slices={spendByService(products.data)}
            formatValue={formatMoney}
            empty={messages.noServicesBreakdown}
            center={
              <Text size="xs" c="dimmed" fw={600}>
                By service
              </Text>
            }
          />
        )}
      </Stack>
    );
  }

  return (
    <DashboardCard
      title="Latest invoice"
      control={control}
      testId="invoice-box"
      action={{ label: 'Pay / balance', to: paths.invoicesPay() }}
    >
      {body}
    </DashboardCard>
  );
}
