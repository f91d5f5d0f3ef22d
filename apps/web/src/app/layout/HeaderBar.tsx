import { Burger, Group } from '@mantine/core';
import type { users } from '@portal/contract';
import { Link } from 'react-router';

import { Wordmark } from '../../components/ui/Wordmark.tsx';
import { paths } from '../../config/paths.ts';
import { UserMenu } from './UserMenu.tsx';

export interface HeaderBarProps {
  user: users.AuthenticatedUser;
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Top bar: menu toggle (below 1024 px), wordmark, and the user menu. */
export function HeaderBar({ user, navOpened, onToggleNav }: HeaderBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          color="white"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={navOpened}
          aria-controls="portal-sidebar"
          data-testid="nav-toggle"
        />
        <Link to={paths.home()} aria-label="Northwind Portal, dashboard" style={{ textDecoration: 'none' }}>
          <Wordmark />
        </Link>
      </Group>
      <UserMenu user={user} />
    </Group>
  );
}
