import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { notifications, type Notification } from '@portal/contract';
import { Link, useSearchParams } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useAccountFilter } from '../../../components/ui/use-account-filter.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import { useCmcNotifications } from '../api/get-cmc-notifications.ts';
import { CalendarFeedBox } from '../components/CalendarFeedBox.tsx';
import { KindBadge } from '../components/KindBadge.tsx';

const columns: Column<Notification>[] = [
  {
    key: 'created',
    header: 'Date',
    render: (n) => (
      <Stack gap={0}>
        <Text size="sm">{n.created_readable}</Text>
        <Text size="xs" c="dimmed">
          {n.created_diff_humans}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'subject',
    header: 'Subject',
    render: (n) => (
      <Group gap={8} wrap="nowrap" align="flex-start">
        <KindBadge kind={n.cmc_contact_batch.kind} />
        <Anchor component={Link} to={paths.notificationView(n.cmc_contact_email_id)} size="sm" fw={600}>
          {n.cmc_contact_batch.subject}
        </Anchor>
      </Group>
    ),
  },
  {
    key: 'account_number',
    header: 'Account',
    render: (n) => n.account_number,
  },
  {
    key: 'ticket_number',
    header: 'Ticket',
    render: (n) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {n.cmc_contact_batch.ticket_number}
      </Text>
    ),
  },
  {
    key: 'window',
    header: 'Window starts',
    render: (n) => formatDateTime(n.cmc_contact_batch.window_start_time),
  },
  {
    key: 'service_affecting',
    header: 'Service affecting',
    render: (n) =>
      n.cmc_contact_batch.service_affecting ? (
        <Badge color="orange" variant="light" size="sm">
          Yes
        </Badge>
      ) : (
        <Text size="sm" c="dimmed">
          No
        </Text>
      ),
  },
];

/** notifications/index: maintenance and outage notifications of the chosen account, 10 a page, with search. */
export function NotificationsPage() {
  const list = useListState();
  const { accountId, allAccounts, toolbar } = useAccountFilter(() => list.setPage(1));
  const [params, setParams] = useSearchParams();
  // ?window=upcoming|recent: the maintenance the dashboard counts (its counts link here).
  const windowFilter = notifications.maintenanceWindows.find((w) => w === params.get('window'));
  const query = useCmcNotifications({
    page: list.page,
    ...(accountId !== null ? { accountId } : {}),
    ...(list.search ? { search: list.search } : {}),
    ...(windowFilter ? { window: windowFilter } : {}),
  });
  const clearWindow = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('window');
      next.delete('page');
      return next;
    });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Notifications
      </Title>
      {toolbar(
        <ListSearch
          value={list.search}
          onSearch={list.setSearch}
          label="Search notifications"
          placeholder="Subject, ticket or circuit"
        />,
        420,
      )}
      {windowFilter && (
        <Alert color="blue" variant="light" role="status" data-testid="window-filter">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {windowFilter === 'upcoming'
                ? 'Showing upcoming maintenance (the window starts later).'
                : 'Showing recent maintenance (the window started in the last 30 days).'}
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={clearWindow}>
              Show all notifications
            </Anchor>
          </Group>
        </Alert>
      )}
      <DataTable
        caption={`Maintenance and outage notifications of ${allAccounts ? 'all your accounts' : 'the selected account'}`}
        columns={columns}
        rows={query.data?.data}
        rowKey={(n) => n.cmc_contact_email_id}
        loading={query.isPending}
        error={query.error}
        empty={
          list.search
            ? 'No notifications match your search.'
            : `There are no notifications for ${allAccounts ? 'your accounts' : 'this account'}.`
        }
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Notification pages" />
      )}
      <CalendarFeedBox />
    </Stack>
  );
}
