import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '../../../config/paths.ts';

/** Dashboard › Tickets › the current page. */
export function TicketsBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs separator="›" aria-label="Breadcrumbs">
      <Anchor component={Link} to={paths.home()} size="sm">
        Dashboard
      </Anchor>
      <Anchor component={Link} to={paths.tickets()} size="sm">
        Tickets
      </Anchor>
      <Text size="sm" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
  );
}
