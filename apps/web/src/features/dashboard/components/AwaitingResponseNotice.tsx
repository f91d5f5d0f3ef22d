import { Alert, Anchor, List } from '@mantine/core';
import { Link } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { paths } from '../../../config/paths.ts';
import { useTicketsRequestingResponse } from '../../tickets/index.ts';

/** A notice of tickets waiting for the customer's response; nothing when none wait. */
export function AwaitingResponseNotice() {
  const waiting = useTicketsRequestingResponse();
  if (waiting.error) return <ErrorBox error={waiting.error} />;
  const tickets = waiting.data ?? [];
  if (tickets.length === 0) return null;
  return (
    <Alert
      color="teal"
      variant="light"
      title={
        tickets.length === 1
          ? 'A ticket is awaiting your response'
          : `${tickets.length} tickets are awaiting your response`
      }
      data-testid="awaiting-response"
    >
      <List size="sm" spacing={4}>
        {tickets.map((ticket) => (
          <List.Item key={ticket.ticket_id}>
            <Anchor component={Link} to={paths.ticket(ticket.ticket_id)} size="sm" fw={600}>
              #{ticket.ticket_number}
            </Anchor>{' '}
            {ticket.subject}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
