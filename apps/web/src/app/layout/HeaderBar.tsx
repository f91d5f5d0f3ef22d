import { Group } from '@mantine/core';
import type { users } from '@portal/contract';
import { Link } from 'react-router';

import { Wordmark } from '../../components/ui/Wordmark.tsx';
import { paths } from '../../config/paths.ts';
import classes from './AppLayout.module.css';
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
        {/* Hidden from 1024 px, where the sidebar is always shown (AppLayout.module.css). */}
        <button
          type="button"
          className={classes.burger}
          onClick={onToggleNav}
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          aria-expanded={navOpened}
          aria-controls="portal-sidebar"
          data-testid="nav-toggle"
        >
          <span className={classes.burgerLines} />
        </button>
        {/* Named by the portal's name it shows (no aria-label that would differ from it). */}
        <Link to={paths.home()} style={{ textDecoration: 'none' }}>
          <Wordmark />
        </Link>
      </Group>
      <UserMenu user={user} />
    </Group>
  );
}
