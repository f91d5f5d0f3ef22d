import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { invoiceSortColumns, type InvoiceSummary } from '@portal/contract';
import { Link } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useAccountFilter } from '../../../components/ui/use-account-filter.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/formats.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { InvoiceDownloadButtons } from '../components/InvoiceDownloadButtons.tsx';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge.tsx';

const isInvoiceSort = (value: string | null): value is (typeof invoiceSortColumns)[number] =>
  (invoiceSortColumns as readonly (string | null)[]).includes(value);

const columns: Column<InvoiceSummary>[] = [
  {
    key: 'invoice_number',
    header: 'Invoice',
    sortable: true,
    render: (invoice) => (
      <Anchor component={Link} to={paths.invoiceView(invoice.account_id, invoice.cycle_log_id)} size="sm" fw={600}>
        {invoice.invoice_number}
      </Anchor>
    ),
  },
  { key: 'bill_date', header: 'Bill date', sortable: true, render: (invoice) => formatDate(invoice.bill_date) },
  { key: 'due_date', header: 'Due date', sortable: true, render: (invoice) => formatDate(invoice.due_date) },
  {
    key: 'total_amt_due',
    header: 'Amount due',
    sortable: true,
    align: 'right',
    render: (invoice) => formatMoney(invoice.total_amt_due, invoice.currency),
  },
  {
    key: 'status',
    header: 'Status',
    render: (invoice) => (
      <InvoiceStatusBadge status={invoice.status} amountPaid={invoice.amount_paid} currency={invoice.currency} />
    ),
  },
  {
    key: 'pdf',
    header: 'PDF',
    align: 'right',
    render: (invoice) =>
      invoice.is_downloadable ? (
        <Group justify="flex-end">
          <InvoiceDownloadButtons
            accountId={invoice.account_id}
            cycleLogId={invoice.cycle_log_id}
            isDownloadable
            size="xs"
          />
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Not available
        </Text>
      ),
  },
];

/** invoices/index: the invoices of the chosen account, 20 a page, with search and sorting. */
export function InvoicesPage() {
  const list = useListState();
  const { accountId, toolbar } = useAccountFilter(() => list.setPage(1));
  const query = useInvoices({
    page: list.page,
    ...(accountId !== null ? { accountId } : {}),
    ...(list.search ? { search: list.search } : {}),
    ...(isInvoiceSort(list.sort) && list.order ? { sort: list.sort, order: list.order } : {}),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Invoices
        </Title>
        <Button component={Link} to={paths.invoicesPay()} variant="light" size="sm">
          Balance history
        </Button>
      </Group>
      {toolbar(
        <ListSearch
          value={list.search}
          onSearch={list.setSearch}
          label="Search invoices"
          placeholder="Invoice number"
        />,
        420,
      )}
      <DataTable
        caption="Invoices of the selected account"
        columns={columns}
        rows={query.data?.data}
        rowKey={(invoice) => invoice.cycle_log_id}
        loading={query.isPending}
        error={query.error}
        empty={list.search ? 'No invoices match your search.' : 'There are no invoices for this account yet.'}
        sort={{ sort: list.sort, order: list.order }}
        onSort={list.toggleSort}
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Invoice pages" />
      )}
    </Stack>
  );
}
