import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Notification } from '@portal/contract';
import type { ReactNode } from 'react';
import { Link, useLoaderData } from 'react-router';

import { PageStates } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { download } from '../../../lib/download.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import * as calls from '@portal/contract/routes';
import { useCmcNotification } from '../api/get-cmc-notification.ts';
import { KindBadge } from '../components/KindBadge.tsx';

/** notifications/view/{notificationId}: every detail of a maintenance or outage notice, and the inquire button. */
export function NotificationViewPage() {
  const notificationId = useLoaderData() as number;
  const notification = useCmcNotification(notificationId);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          Notification
        </Title>
        <Anchor component={Link} to={paths.notifications()} size="sm">
          All notifications
        </Anchor>
      </Group>
      <PageStates data={notification.data} error={notification.error} isPending={notification.isPending}>
        {(data) => <NotificationDetail notification={data} />}
      </PageStates>
    </Stack>
  );
}

const text = (value: string | null) => (value && value.trim() ? value : '—');

function NotificationDetail({ notification }: { notification: Notification }) {
  const batch = notification.cmc_contact_batch;
  const rows: [string, ReactNode][] = [
    ['Subject', batch.cancelled ? `${batch.subject} (cancelled by the provider)` : batch.subject],
    ['Date', `${notification.created_readable} (${notification.created_diff_humans})`],
    ['Service affecting', batch.service_affecting ? 'Yes' : 'No'],
    ['Description of work', <span style={{ whiteSpace: 'pre-line' }}>{batch.description_of_work}</span>],
    ['Scheduled event', text(batch.scheduled_event)],
    ['Area', text(batch.area)],
    ['Ticket number', batch.ticket_number],
    ['Duration of interruption', text(batch.duration_of_interruption)],
    ['Window start', formatDateTime(batch.window_start_time)],
    ['Window end', formatDateTime(batch.window_end_time)],
    ['Circuits affected', text(batch.circuits_affected)],
    ['Your circuits', text(notification.circuit_ids)],
    ['Account', notification.account_number],
  ];
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" mb="md" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <KindBadge kind={batch.kind} />
          <Text fw={700} size="lg" lh={1.2}>
            {batch.subject}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            data-testid="add-to-calendar"
            onClick={() =>
              void download(
                calls.notifications.downloadCalendarEvent,
                { notificationId: notification.cmc_contact_email_id },
                { fallbackName: `notification-${batch.ticket_number}.ics` },
              )
            }
          >
            Add to calendar
          </Button>
          <Button
            component={Link}
            to={paths.inquireNotification(batch.ticket_number)}
            data-testid="inquire-notification"
          >
            Inquire about this notification
          </Button>
        </Group>
      </Group>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w={{ base: 130, sm: 220 }}>
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        Times are shown in your browser's time zone.
      </Text>
    </Paper>
  );
}
