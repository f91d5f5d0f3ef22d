import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { useViewerAccounts } from '../administered.ts';

export interface UsersAreaPageProps {
  title: string;
  /** The spec's message for a viewer who administers no account (section 6). */
  noPermission: string;
  children: ReactNode;
}

/** A users-area page: its title, then the page for administrators or the no-permission message. */
export function UsersAreaPage({ title, noPermission, children }: UsersAreaPageProps) {
  const { isAdmin } = useViewerAccounts();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      {isAdmin ? (
        children
      ) : (
        <Alert color="yellow" variant="light" role="alert" data-testid="no-permission">
          {noPermission}
        </Alert>
      )}
    </Stack>
  );
}
