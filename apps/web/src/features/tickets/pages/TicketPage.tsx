import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { tickets, type TicketDetail } from '@portal/contract';
import { Link, useLoaderData, useLocation } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { StatusBullet } from '../../../components/ui/StatusBullet.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/formats.ts';
import { Fact } from '../../../components/ui/Fact.tsx';
import { useTicket } from '../api/get-ticket.ts';
import { Conversation } from '../components/Conversation.tsx';
import { ReplyForm } from '../components/ReplyForm.tsx';
import { TicketsBreadcrumbs } from '../components/TicketsBreadcrumbs.tsx';
import { statusSuffix } from '../ticket-status.ts';

const isClosed = (ticket: TicketDetail) => (tickets.closedTicketStatuses as readonly string[]).includes(ticket.status);

function TicketView({ ticket, created }: { ticket: TicketDetail; created: boolean }) {
  const order = ticket.base_order;
  return (
    <Stack gap="md">
      <TicketsBreadcrumbs current={ticket.ticket_number} />
      {created && (
        <Alert color="green" variant="light" role="status" title={`Ticket ${ticket.ticket_number} is open`}>
          Our support team has been notified and will answer here. You will find the ticket in your ticket list.
        </Alert>
      )}
      <div>
        <Title order={1} size="h2">
          {ticket.subject}
        </Title>
        <Text size="sm" c="dimmed">
          Ticket {ticket.ticket_number}
        </Text>
      </div>
      {ticket.request_customer_response && (
        <Alert color="yellow" variant="light" title="Response requested" data-testid="response-requested">
          Our support team is waiting for your answer. Please reply below.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Fact label="Status">
            <StatusBullet status={ticket.status} suffix={statusSuffix(ticket)} />
          </Fact>
          <Fact label="Impact">{ticket.impact ?? '–'}</Fact>
          <Fact label="Opened">{formatDate(ticket.created)}</Fact>
          <Fact label="Last update">{formatDate(ticket.last_update_posted)}</Fact>
          <Fact label="Account">
            {ticket.account.name} ({ticket.account.account_number})
          </Fact>
          <Fact label="Service">
            {order ? (
              <Anchor component={Link} to={paths.service(order.product_controller, order.base_order_id)} size="sm">
                {order.alias || order.product} · {order.order_number}
              </Anchor>
            ) : (
              '–'
            )}
          </Fact>
          <Fact label="Circuit ID">{order?.uss_circuit_id || '–'}</Fact>
          <Fact label="Customer reference">{order?.customer_ref || '–'}</Fact>
          <Fact label="Contact">
            {ticket.contact_name || '–'}
            {ticket.contact_email && <div>{ticket.contact_email}</div>}
            {ticket.contact_phone && <div>{ticket.contact_phone}</div>}
          </Fact>
        </SimpleGrid>
      </Paper>
      <Title order={2} size="h4">
        Conversation
      </Title>
      <Conversation messages={ticket.messages} />
      {isClosed(ticket) ? (
        <Alert color="gray" variant="light">
          <Group justify="space-between" gap="sm">
            <Text size="sm">This ticket is {ticket.status.toLowerCase()} and takes no more replies.</Text>
            {order && (
              <Button component={Link} to={paths.newTicket(order.base_order_id)} size="xs" variant="default">
                Open a new ticket
              </Button>
            )}
          </Group>
        </Alert>
      ) : (
        <ReplyForm ticketId={ticket.ticket_id} awaitingResponse={ticket.request_customer_response} />
      )}
    </Stack>
  );
}

/** r/tickets/ticket/{ticketId}: the ticket's header, its whole conversation and the reply form. */
export function TicketPage() {
  const { ticketId } = useLoaderData<{ ticketId: number }>();
  const location = useLocation();
  const created = (location.state as { created?: boolean } | null)?.created === true;
  const query = useTicket(ticketId);
  if (query.error) return <ErrorBox error={query.error} />;
  if (!query.data) return <LoadingState />;
  return <TicketView ticket={query.data} created={created} />;
}
