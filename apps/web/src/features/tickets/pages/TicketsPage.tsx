import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { pageSizes, tickets, type Ticket } from '@portal/contract';
import { Link, useLoaderData, useNavigate } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { StatusBullet } from '../../../components/ui/StatusBullet.tsx';
import { useAccountFilter } from '../../../components/ui/use-account-filter.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/formats.ts';
import { useTickets } from '../api/get-tickets.ts';
import { statusSuffix } from '../ticket-status.ts';

const isTicketSort = (value: string | null): value is (typeof tickets.ticketSortColumns)[number] =>
  (tickets.ticketSortColumns as readonly (string | null)[]).includes(value);

const dash = (value: string | null | undefined) =>
  value || (
    <Text span c="dimmed" size="sm">
      –
    </Text>
  );

const columns: Column<Ticket>[] = [
  {
    key: 'ticket_number',
    header: 'Ticket',
    sortable: true,
    render: (t) => (
      <Anchor component={Link} to={paths.ticket(t.ticket_id)} size="sm" fw={600}>
        {t.ticket_number}
      </Anchor>
    ),
  },
  { key: 'subject', header: 'Subject', sortable: true, render: (t) => t.subject },
  { key: 'created', header: 'Created', sortable: true, render: (t) => formatDate(t.created) },
  { key: 'uss_circuit_id', header: 'Circuit ID', sortable: true, render: (t) => dash(t.base_order?.uss_circuit_id) },
  {
    key: 'customer_ref',
    header: 'Customer reference',
    sortable: true,
    render: (t) => dash(t.base_order?.customer_ref),
  },
  {
    key: 'status',
    header: 'Status',
    sortable: true,
    render: (t) => <StatusBullet status={t.status} suffix={statusSuffix(t)} />,
  },
];

/** tickets/index/{ticketId}: the tickets of the chosen account, 20 a page; the segment is the search value. */
export function TicketsPage() {
  const { search: segmentSearch } = useLoaderData<{ search: string | null }>();
  const navigate = useNavigate();
  const list = useListState();
  const { accountId, toolbar } = useAccountFilter(() => list.setPage(1));
  const search = list.search || segmentSearch || '';
  const query = useTickets({
    page: list.page,
    perPage: pageSizes.tickets,
    ...(accountId !== null ? { accountId } : {}),
    ...(search ? { search_ticket_id: search } : {}),
    ...(isTicketSort(list.sort) && list.order ? { sort_column: list.sort, sort_order: list.order } : {}),
  });
  // A search typed on /tickets/index/{id} replaces the segment's search.
  const onSearch = (value: string) =>
    segmentSearch
      ? navigate(`${paths.tickets()}${value ? `?search=${encodeURIComponent(value)}` : ''}`)
      : list.setSearch(value);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Tickets
        </Title>
        <Button component={Link} to={paths.chooseService()} size="sm">
          Open a ticket
        </Button>
      </Group>
      {toolbar(
        <ListSearch value={search} onSearch={onSearch} label="Search tickets" placeholder="Ticket number or subject" />,
      )}
      <DataTable
        caption="Tickets of the selected account"
        columns={columns}
        rows={query.data?.data}
        rowKey={(t) => t.ticket_id}
        loading={query.isPending}
        error={query.error}
        empty={search ? 'No tickets match your search.' : 'There are no tickets for this account.'}
        sort={{ sort: list.sort, order: list.order }}
        onSort={list.toggleSort}
        rowProps={(t) => (t.request_customer_response ? { 'data-highlight': true } : {})}
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Ticket pages" />
      )}
    </Stack>
  );
}
