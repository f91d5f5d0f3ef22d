import { Anchor, Group, Stack, Text } from '@mantine/core';
import { dashboard } from '@portal/contract';
import { Link } from 'react-router';

import { PageStates } from '../../../components/ui/PageStates.tsx';
import { StatusBullet } from '../../../components/ui/StatusBullet.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/formats.ts';
import { useLatestTickets } from '../../tickets/api/get-latest-tickets.ts';
import { DashboardCard } from './DashboardCard.tsx';

/** The latest 4 tickets by last update, each with its status bullet. */
export function TicketsBox() {
  const tickets = useLatestTickets(dashboard.tickets);
  return (
    <DashboardCard title="Latest tickets" testId="tickets-box">
      <PageStates
        data={tickets.data}
        error={tickets.error}
        isPending={tickets.isPending}
        isEmpty={(rows) => rows.length === 0}
        empty="You have no tickets."
      >
        {(rows) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((ticket) => (
              <li key={ticket.ticket_id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={paths.ticket(ticket.ticket_id)} fw={600} size="sm">
                      #{ticket.ticket_number}
                    </Anchor>
                    <Text size="sm" truncate="end">
                      {ticket.subject}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {ticket.base_order ? `Order ${ticket.base_order.order_number} · ` : ''}Updated{' '}
                      {formatDate(ticket.last_update_posted)}
                    </Text>
                  </div>
                  <StatusBullet status={ticket.status} />
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </PageStates>
    </DashboardCard>
  );
}
