import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { invoices, type BalanceHistory } from '@portal/contract';
import { Fragment } from 'react';
import { Link, useNavigate } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { paths } from '../../../config/paths.ts';
import { useBrand } from '../../../lib/brand.ts';
import { formatMoney } from '../../../lib/formats.ts';
import { setCurrentAccountId } from '../../../lib/session.ts';
import { usePaymentsEnabled } from '../../payments/index.ts';
import { useBalanceHistory } from '../api/get-balance-history.ts';
import { totalsByCurrency } from '../invoice-rules.ts';

const bucketLabel: Record<(typeof invoices.balanceBuckets)[number], string> = {
  '0-30': '0-30 days',
  '30-60': '30-60 days',
  '60-90': '60-90 days',
  '90+': '90+ days',
};

/** invoices/pay: each account's open balance, aged by days past due. */
export function BalanceHistoryPage() {
  const history = useBalanceHistory();
  const navigate = useNavigate();
  const paymentsOn = usePaymentsEnabled().data === true;
  // The provider's billing desk (decision 123).
  const brand = useBrand();

  const columns: Column<BalanceHistory>[] = [
    {
      key: 'account',
      header: 'Account',
      render: (row) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            ta="left"
            onClick={() => {
              setCurrentAccountId(row.account_id);
              void navigate(paths.invoices());
            }}
            aria-label={`${row.account.name}: invoices of account ${row.account.account_number}`}
          >
            {row.account.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.account.account_number}
          </Text>
        </Stack>
      ),
    },
    ...invoices.balanceBuckets.map((bucket): Column<BalanceHistory> => ({
      key: bucket,
      header: bucketLabel[bucket],
      align: 'right',
      render: (row) => (
        <Text size="sm" c={row[bucket] > 0 && bucket !== '0-30' ? 'red.8' : undefined}>
          {formatMoney(row[bucket], row.currency)}
        </Text>
      ),
    })),
    {
      key: 'balance',
      header: 'Balance',
      align: 'right',
      render: (row) => (
        <Text size="sm" fw={700}>
          {formatMoney(row.balance, row.currency)}
        </Text>
      ),
    },
    // Online payments (decision 127): only when a payment provider is configured.
    ...(paymentsOn
      ? [
          {
            key: 'pay',
            header: 'Pay',
            align: 'right',
            render: (row) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Anchor component={Link} to={paths.accountPayments(row.account_id)} size="xs">
                  Payments
                </Anchor>
                {row.balance > 0 && (
                  <Button
                    size="xs"
                    component={Link}
                    to={paths.payInvoice(row.account_id)}
                    aria-label={`Pay balance of account ${row.account.account_number}`}
                  >
                    Pay balance
                  </Button>
                )}
              </Group>
            ),
          } satisfies Column<BalanceHistory>,
        ]
      : []),
  ];

  // One total per currency: a euro balance is never added to a dollar one.
  const totals = totalsByCurrency(history.data ?? []);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Balance History
        </Title>
        <Anchor component={Link} to={paths.invoices()} size="sm">
          All invoices
        </Anchor>
      </Group>
      <Text size="sm" c="dimmed">
        Open amounts of each account, by how many days they are past their due date. Amounts not yet due count in 0-30
        days.
      </Text>
      <DataTable
        caption="Balance of each account by days past due"
        columns={columns}
        rows={history.data}
        rowKey={(row) => row.account_id}
        loading={history.isPending}
        error={history.error}
        empty="You have no accounts with invoices."
      />
      {history.data && history.data.length > 1 && (
        <Group justify="flex-end">
          <Text size="sm">
            Total balance of all accounts:{' '}
            {totals.map(({ currency, total }, index) => (
              <Fragment key={currency}>
                {index > 0 && ' · '}
                <Text span fw={700} data-testid="total-balance" data-currency={currency}>
                  {formatMoney(total, currency)}
                </Text>
              </Fragment>
            ))}
          </Text>
        </Group>
      )}
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h5" mb={4}>
          Making a payment
        </Title>
        <Text size="sm">
          Please write your account and invoice numbers on every payment.
          {brand.billing_email || brand.billing_phone ? ' For payment options or questions about a balance, ' : null}
          {brand.billing_email ? (
            <>
              write to{' '}
              <Anchor href={`mailto:${brand.billing_email}`} underline="always">
                {brand.billing_email}
              </Anchor>
              {brand.billing_phone ? ' or ' : '.'}
            </>
          ) : null}
          {brand.billing_phone ? `call ${brand.billing_phone}.` : null}
        </Text>
      </Paper>
    </Stack>
  );
}
