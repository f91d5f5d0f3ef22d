import { Alert, Anchor, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import type { PaymentOptions } from '@portal/contract';
import { useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/formats.ts';
import { idSegment } from '../../../lib/segments.ts';
import { usePaymentOptions } from '../api/get-options.ts';
import { useStartCheckout } from '../api/start-checkout.ts';

/** Where the browser goes to pay (the provider's hosted page): a seam the tests can watch. */
export const goToHostedPage = (url: string) => window.location.assign(url);

type Choice = 'invoice' | 'balance' | 'other';

/**
 * invoices/pay/{accountId}[?invoice={cycleLogId}]: what to pay (an invoice's open amount, the whole
 * balance, or another amount within the limits), then the provider's hosted page takes the payment.
 */
export function PayPage() {
  const [accountId] = useLoaderData() as [number];
  const [search] = useSearchParams();
  const options = usePaymentOptions(accountId);

  let body;
  if (options.error) body = <ErrorBox error={options.error} />;
  else if (options.isPending) body = <LoadingState label="Loading what is open…" />;
  else body = <PayForm options={options.data} invoiceId={idSegment(search.get('invoice') ?? undefined)} />;

  return (
    <Stack gap="md" maw={640}>
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Make a payment
        </Title>
        <Group gap="md">
          <Anchor component={Link} to={paths.invoicesPay()} size="sm">
            Balance history
          </Anchor>
          <Anchor component={Link} to={paths.accountPayments(accountId)} size="sm">
            Payments and autopay
          </Anchor>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

function PayForm({ options, invoiceId }: { options: PaymentOptions; invoiceId: number | null }) {
  const checkout = useStartCheckout();
  const invoice =
    options.open_invoices.find((i) => i.cycle_log_id === invoiceId) ?? (invoiceId === null ? undefined : null);
  const [choice, setChoice] = useState<Choice>(invoice ? 'invoice' : 'balance');
  const [other, setOther] = useState('');
  const money = (value: number) => formatMoney(value, options.currency);
  const limit = choice === 'invoice' && invoice ? invoice.open_amount : options.balance;
  const amount =
    choice === 'invoice' && invoice ? invoice.open_amount : choice === 'balance' ? options.balance : Number(other);
  const nothing = options.balance <= 0 && !invoice;

  const pay = () =>
    checkout.mutate(
      {
        accountId: options.account_id,
        ...(choice === 'invoice' && invoice ? { cycleLogId: invoice.cycle_log_id } : {}),
        amount,
        currency: options.currency,
      },
      { onSuccess: ({ url }) => goToHostedPage(url) },
    );

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Text fw={600}>{options.account_name}</Text>
          <Text size="sm" c="dimmed">
            Account {options.account_number} · balance{' '}
            <Text span fw={600} c="dark" data-testid="pay-balance">
              {money(options.balance)}
            </Text>
          </Text>
        </div>
        {invoice === null && (
          <Alert color="blue">This invoice has nothing open. You can still pay toward the balance.</Alert>
        )}
        {nothing ? (
          <Alert color="green">This account has no balance to pay.</Alert>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              pay();
            }}
          >
            <Stack gap="md">
              <Radio.Group label="Amount" value={choice} onChange={(value) => setChoice(value as Choice)} name="choice">
                <Stack gap="xs" mt="xs">
                  {invoice && (
                    <Radio
                      value="invoice"
                      label={`Invoice ${invoice.invoice_number}, due ${formatDate(invoice.due_date)}: ${money(invoice.open_amount)} open`}
                    />
                  )}
                  {options.balance > 0 && (
                    <Radio value="balance" label={`The whole balance: ${money(options.balance)}`} />
                  )}
                  <Radio value="other" label="Another amount" />
                </Stack>
              </Radio.Group>
              {choice === 'other' && (
                <TextInput
                  label={`Amount (${options.currency})`}
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  description={`From ${money(options.minimum_amount)} to ${money(limit)}`}
                  value={other}
                  onChange={(event) => setOther(event.currentTarget.value)}
                  required
                />
              )}
              <FormErrors error={checkout.error} />
              {!options.can_pay && options.reason && (
                <Alert color="yellow" data-testid="cannot-pay">
                  {options.reason}
                </Alert>
              )}
              <Group>
                <Button
                  type="submit"
                  loading={checkout.isPending || checkout.isSuccess}
                  disabled={!options.can_pay || !(amount > 0)}
                >
                  {amount > 0 ? `Pay ${money(amount)}` : 'Pay'}
                </Button>
                <Text size="xs" c="dimmed">
                  You pay on our payment provider&apos;s secure page; your card details never reach this portal.
                </Text>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
