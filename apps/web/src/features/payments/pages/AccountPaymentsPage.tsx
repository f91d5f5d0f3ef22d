import { Alert, Anchor, Badge, Button, Group, NativeSelect, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { payments, type Payment, type PaymentMethod, type PaymentOptions } from '@portal/contract';
import { useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDateTime, formatMoney } from '../../../lib/formats.ts';
import { usePaymentOptions } from '../api/get-options.ts';
import { usePayments } from '../api/get-payments.ts';
import { useRemoveMethod } from '../api/remove-method.ts';
import { useSetAutopay } from '../api/set-autopay.ts';
import { useSetDefaultMethod } from '../api/set-default-method.ts';
import { useStartSetup } from '../api/start-setup.ts';
import { PaymentStatusBadge } from '../components/PaymentStatusBadge.tsx';
import { goToHostedPage } from './PayPage.tsx';

/** invoices/payments/{accountId}: the account's payments, its saved methods and autopay. */
export function AccountPaymentsPage() {
  const [accountId] = useLoaderData() as [number];
  const [search] = useSearchParams();
  // Back from the provider's setup page: the method it saved is read at once (the event may come later).
  const options = usePaymentOptions(accountId, search.get('setup') ?? undefined);

  let body;
  if (options.error) body = <ErrorBox error={options.error} />;
  else if (options.isPending) body = <LoadingState label="Loading payments…" />;
  else
    body = (
      <>
        {!options.data.can_manage && options.data.reason && (
          <Alert color="yellow" data-testid="cannot-manage">
            {options.data.reason}
          </Alert>
        )}
        <Methods options={options.data} />
        <Autopay options={options.data} />
        <PaymentsList options={options.data} />
      </>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <div>
          <Title order={1} size="h2">
            Payments
          </Title>
          {options.data && (
            <Text size="sm" c="dimmed">
              {options.data.account_name} · {options.data.account_number}
            </Text>
          )}
        </div>
        <Group gap="md">
          {/* A link cannot be disabled: it is left out for whoever may not pay (the page says why). */}
          {options.data?.can_pay && (
            <Button component={Link} to={paths.payInvoice(accountId)}>
              Make a payment
            </Button>
          )}
          <Anchor component={Link} to={paths.invoicesPay()} size="sm">
            Balance history
          </Anchor>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

const methodText = (m: PaymentMethod) =>
  [
    m.brand ? m.brand.toUpperCase() : m.kind.replaceAll('_', ' '),
    m.last4 ? `•••• ${m.last4}` : null,
    m.bank_name,
    m.exp_month && m.exp_year ? `expires ${String(m.exp_month).padStart(2, '0')}/${m.exp_year}` : null,
  ]
    .filter(Boolean)
    .join(' · ');

function Methods({ options }: { options: PaymentOptions }) {
  const setup = useStartSetup();
  const makeDefault = useSetDefaultMethod(options.account_id);
  const remove = useRemoveMethod(options.account_id);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="methods-title">
      <Group justify="space-between" mb="sm">
        <Title id="methods-title" order={2} size="h4">
          Payment methods
        </Title>
        <Button
          variant="light"
          disabled={!options.can_manage}
          loading={setup.isPending || setup.isSuccess}
          onClick={() => setup.mutate(options.account_id, { onSuccess: ({ url }) => goToHostedPage(url) })}
        >
          Add a payment method
        </Button>
      </Group>
      {options.methods.length === 0 ? (
        <Text size="sm" c="dimmed">
          No saved payment methods. Save one to pay faster and to turn on autopay.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="payment-methods">
          {options.methods.map((m) => (
            <Group key={m.method_id} justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs">
                <Text size="sm">{methodText(m)}</Text>
                {m.is_default && (
                  <Badge size="sm" variant="light">
                    Default
                  </Badge>
                )}
              </Group>
              {options.can_manage && (
                <Group gap="xs">
                  {!m.is_default && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => makeDefault.mutate({ accountId: options.account_id, methodId: m.method_id })}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${methodText(m)}`}
                    onClick={() => remove.mutate({ accountId: options.account_id, methodId: m.method_id })}
                  >
                    Remove
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <FormErrors error={setup.error ?? makeDefault.error ?? remove.error} />
    </Paper>
  );
}

function Autopay({ options }: { options: PaymentOptions }) {
  const save = useSetAutopay(options.account_id);
  const [enabled, setEnabled] = useState(options.autopay.enabled);
  const [days, setDays] = useState(String(options.autopay.days_before));
  const changed = enabled !== options.autopay.enabled || Number(days) !== options.autopay.days_before;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="autopay-title">
      <Title id="autopay-title" order={2} size="h4" mb="xs">
        Autopay
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Charge the default payment method for each new invoice automatically. If the bank needs you to confirm a charge,
        we email you a link and show it on your dashboard.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ accountId: options.account_id, enabled, days_before: Number(days) });
        }}
      >
        <Group align="flex-end" gap="md" wrap="wrap">
          <Switch
            label={enabled ? 'Autopay is on' : 'Autopay is off'}
            name="enabled"
            checked={enabled}
            disabled={!options.can_manage}
            onChange={(event) => setEnabled(event.currentTarget.checked)}
          />
          <NativeSelect
            label="Charge"
            name="days_before"
            value={days}
            disabled={!options.can_manage || !enabled}
            onChange={(event) => setDays(event.currentTarget.value)}
            data={[
              { value: '0', label: 'on the due date' },
              ...[1, 3, 5, 7, 10, 14].map((n) => ({
                value: String(n),
                label: `${n} day${n > 1 ? 's' : ''} before the due date`,
              })),
            ]}
          />
          <Button type="submit" variant="default" disabled={!options.can_manage || !changed} loading={save.isPending}>
            Save
          </Button>
        </Group>
        <FormErrors error={save.error} />
      </form>
    </Paper>
  );
}

function PaymentsList({ options }: { options: PaymentOptions }) {
  const [page, setPage] = useState(1);
  const list = usePayments(options.account_id, page);
  const columns: Column<Payment>[] = [
    { key: 'date', header: 'Date', render: (p) => formatDateTime(p.created_at) },
    {
      key: 'what',
      header: 'For',
      render: (p) =>
        p.invoice_number && p.cycle_log_id !== null ? (
          <Anchor component={Link} to={paths.invoiceView(p.account_id, p.cycle_log_id)} size="sm">
            Invoice {p.invoice_number}
          </Anchor>
        ) : (
          'Account balance'
        ),
    },
    { key: 'how', header: 'How', render: (p) => (p.autopay ? 'Autopay' : 'Online') },
    {
      key: 'status',
      header: 'Status',
      render: (p) => (
        <Anchor component={Link} to={paths.paymentReturn(p.account_id, p.payment_reference)} underline="never">
          <PaymentStatusBadge status={p.status} />
        </Anchor>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'right',
      render: (p) => formatMoney(p.amount, p.currency),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payments-title">
      <Title id="payments-title" order={2} size="h4" mb="sm">
        Payments made here
      </Title>
      <DataTable
        caption="Payments made in the portal, newest first"
        columns={columns}
        rows={list.data?.data}
        rowKey={(p) => p.payment_reference}
        loading={list.isPending}
        error={list.error}
        empty={`No payments yet. ${payments.paymentStatusLabels.processing} shows until the bank confirms a payment.`}
      />
      {list.data && list.data.last_page > 1 && (
        <Pager page={list.data.current_page} lastPage={list.data.last_page} onChange={setPage} />
      )}
    </Paper>
  );
}
