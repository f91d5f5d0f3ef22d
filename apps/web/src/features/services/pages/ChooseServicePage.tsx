import { Stack, Text, Title } from '@mantine/core';
import { pageSizes } from '@portal/contract';

import { paths } from '../../../config/paths.ts';
import { ServicesList } from '../components/ServicesList.tsx';

/** Tickets, choose service: the services table, 10 a page; each row opens a new ticket for that service. */
export function ChooseServicePage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Open a Ticket
      </Title>
      <Text size="sm" c="dimmed">
        Choose the service the ticket is about.
      </Text>
      <ServicesList
        scope={{ kind: 'all' }}
        perPage={pageSizes.chooseService}
        linkTo={(o) => paths.newTicket(o.base_order_id)}
        linkLabel="Open a ticket for"
        caption="Choose a service for the new ticket"
      />
    </Stack>
  );
}
