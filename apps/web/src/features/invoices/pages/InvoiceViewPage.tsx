import { Anchor, Badge, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages, type Invoice } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { formatDate, formatMoney } from '../../../lib/formats.ts';
import { useInvoice } from '../api/get-invoice.ts';
import { InvoiceCharges } from '../components/InvoiceCharges.tsx';
import { PayInvoiceButton } from '../../payments/index.ts';
import { InvoiceDownloadButtons } from '../components/InvoiceDownloadButtons.tsx';
import { InvoiceServices } from '../components/InvoiceServices.tsx';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge.tsx';
import { remainingDaysText } from '../invoice-rules.ts';

/** invoices/view/{accountId}/{cycleLogId}: one invoice, its charges and its services. */
export function InvoiceViewPage() {
  const [accountId, cycleLogId] = useLoaderData() as [number, number];
  const invoice = useInvoice(accountId, cycleLogId);

  let body;
  if (invoice.error) {
    const missing = isApiError(invoice.error) && invoice.error.code === 'NOT_FOUND';
    body = missing ? <ErrorBox message={messages.noInvoice} /> : <ErrorBox error={invoice.error} />;
  } else if (invoice.isPending) body = <LoadingState label="Loading the invoice…" />;
  else body = <InvoiceDetail invoice={invoice.data} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Invoice{invoice.data ? ` ${invoice.data.invoice_number}` : ''}
        </Title>
        <Group gap="md">
          <Anchor component={Link} to={paths.invoices()} size="sm">
            All invoices
          </Anchor>
          <Anchor component={Link} to={paths.invoicesPay()} size="sm">
            Balance history
          </Anchor>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {children}
      </Text>
    </div>
  );
}

function InvoiceDetail({ invoice }: { invoice: Invoice }) {
  const remaining = remainingDaysText(invoice.days_until_due);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" style={{ flex: 1, minWidth: 280 }}>
            <Fact label="Account">
              {invoice.account_name}
              <Text span size="xs" c="dimmed" display="block">
                {invoice.account_number}
              </Text>
            </Fact>
            <Fact label="Invoice number">{invoice.invoice_number}</Fact>
            <Fact label="Bill date">{formatDate(invoice.bill_date)}</Fact>
            <Fact label="Due date">{formatDate(invoice.due_date)}</Fact>
          </SimpleGrid>
          <Stack gap={4} align="flex-end">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Total amount due
            </Text>
            <Text fz={30} fw={700} c="brand" lh={1.1} data-testid="invoice-total">
              {formatMoney(invoice.total_amt_due, invoice.currency)}
            </Text>
            <InvoiceStatusBadge status={invoice.status} amountPaid={invoice.amount_paid} currency={invoice.currency} />
            {remaining && (
              <Badge variant="light" color="blue" data-testid="remaining-days">
                {remaining}
              </Badge>
            )}
          </Stack>
        </Group>
        <Group mt="md" gap="sm" align="center">
          <PayInvoiceButton invoice={invoice} />
          <InvoiceDownloadButtons
            accountId={invoice.account_id}
            cycleLogId={invoice.cycle_log_id}
            isDownloadable={invoice.is_downloadable}
            withServices
          />
          {!invoice.is_downloadable && (
            <Text size="xs" c="dimmed">
              The PDF of this invoice is not available.
            </Text>
          )}
        </Group>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="charges-title">
            <Title id="charges-title" order={2} size="h4" mb="sm">
              Charges
            </Title>
            <InvoiceCharges invoice={invoice} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="services-title" h="100%">
            <Title id="services-title" order={2} size="h4" mb="sm">
              Services
            </Title>
            <InvoiceServices
              accountId={invoice.account_id}
              cycleLogId={invoice.cycle_log_id}
              currency={invoice.currency}
            />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
