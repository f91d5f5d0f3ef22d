import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { payments, type Payment } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatMoney } from '../../../lib/formats.ts';
import { usePayment } from '../api/get-payment.ts';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge.tsx';

const outcomeColor: Record<Payment['status'], string> = {
  open: 'blue',
  processing: 'blue',
  requires_action: 'yellow',
  succeeded: 'green',
  failed: 'red',
  canceled: 'gray',
  refunded: 'gray',
  disputed: 'red',
};

/**
 * invoices/payment/{accountId}/{reference}: where the provider's page sends the customer back (and the
 * link of a message asking them to act): processing, succeeded or failed, with what to do next.
 */
export function PaymentReturnPage() {
  const [accountId, reference] = useLoaderData() as [number, string];
  const payment = usePayment(accountId, reference);

  let body;
  if (payment.error) body = <ErrorBox error={payment.error} />;
  else if (payment.isPending) body = <LoadingState label="Looking up your payment…" />;
  else body = <Outcome payment={payment.data} />;

  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        Payment
      </Title>
      {body}
    </Stack>
  );
}

function Outcome({ payment }: { payment: Payment }) {
  const again = ['failed', 'canceled', 'requires_action', 'open'].includes(payment.status);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {payment.invoice_number ? `Invoice ${payment.invoice_number}` : `Account ${payment.account_number}`}
            </Text>
            <Text fz={28} fw={700} c="navy" data-testid="payment-amount">
              {formatMoney(payment.amount, payment.currency)}
            </Text>
            <Text size="xs" c="dimmed">
              Reference {payment.payment_reference} · {formatDateTime(payment.created_at)}
            </Text>
          </div>
          <Group gap="xs">
            {(payment.status === 'open' || payment.status === 'processing') && <Loader size="xs" />}
            <PaymentStatusBadge status={payment.status} />
          </Group>
        </Group>
        <Alert color={outcomeColor[payment.status]} data-testid="payment-outcome" role="status">
          {payments.paymentTexts.outcome[payment.status]}
          {payment.failure_message && payment.status !== 'succeeded' ? ` (${payment.failure_message})` : ''}
          {payment.status === 'refunded' && payment.amount_refunded < payment.amount
            ? ` ${formatMoney(payment.amount_refunded, payment.currency)} of it was refunded.`
            : ''}
        </Alert>
        <Group gap="sm">
          {again && (
            <Button
              component={Link}
              to={paths.payInvoice(payment.account_id, payment.cycle_log_id ?? undefined)}
              variant="filled"
            >
              Pay again
            </Button>
          )}
          {payment.cycle_log_id !== null && (
            <Button component={Link} to={paths.invoiceView(payment.account_id, payment.cycle_log_id)} variant="default">
              View the invoice
            </Button>
          )}
          <Anchor component={Link} to={paths.accountPayments(payment.account_id)} size="sm">
            All payments of this account
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
