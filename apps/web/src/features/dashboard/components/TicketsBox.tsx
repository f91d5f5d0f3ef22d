import { Anchor, Group, Stack, Text } from '@mantine/core';
import { dashboard } from '@portal/contract';
import { Link } from 'react-router';

import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { Placeholder } from '../../../components/ui/Skeletons.tsx';
import { StatusBullet } from '../../../components/ui/StatusBullet.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/formats.ts';
import { useLatestTickets } from '../../tickets/index.ts';
import { DashboardCard } from './DashboardCard.tsx';

const list = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Stand-ins of the latest tickets, one line each for number, subject and date like the real rows. */
function TicketsPlaceholder() {
  return (
    <Stack gap="sm" component="ul" style={list}>
      {Array.from({ length: dashboard.tickets }, (_, index) => (
        <li key={index}>
          <Placeholder>
            <Text fw={600} size="sm">
              #000000
            </Text>
            <Text size="sm">Ticket subject</Text>
            <Text size="xs">Updated</Text>
          </Placeholder>
        </li>
      ))}
    </Stack>
  );
}

/** The latest 4 tickets by last update, each with its status bullet. */
export function TicketsBox() {
  const tickets = useLatestTickets(dashboard.tickets);
  let body;
  if (tickets.error) body = <ErrorBox error={tickets.error} />;
  else if (!tickets.data) body = <TicketsPlaceholder />;
  else if (tickets.data.length === 0) body = <EmptyState>You have no tickets.</EmptyState>;
  else
    body = (
      <Stack gap="sm" component="ul" style={list}>
        {tickets.data.map((ticket) => (
          <li key={ticket.ticket_id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={paths.ticket(ticket.ticket_id)}
                  fw={600}
                  size="sm"
                  display="block"
                  w="fit-content"
                >
                  #{ticket.ticket_number}
                </Anchor>
                <Text size="sm" truncate="end">
                  {ticket.subject}
                </Text>
                {/* One line, like the placeholder: a wrapped line would move the boxes below. */}
                <Text size="xs" c="dimmed" truncate="end">
                  {ticket.base_order ? `Order ${ticket.base_order.order_number} · ` : ''}Updated{' '}
                  {formatDate(ticket.last_update_posted)}
                </Text>
              </div>
              <StatusBullet status={ticket.status} />
            </Group>
          </li>
        ))}
      </Stack>
    );
  return (
    <DashboardCard title="Latest tickets" testId="tickets-box" busy={!tickets.error && tickets.isPending}>
      {body}
    </DashboardCard>
  );
}
