import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { paths } from '../../../config/paths.ts';

const links = [
  { label: 'Users', to: paths.users() },
  { label: 'Add new user', to: paths.addNewUser() },
  { label: 'Add existing user', to: paths.addExistingUser() },
  { label: 'API tokens', to: paths.apiTokens() },
  { label: 'Audit log', to: paths.auditLog() },
] as const;

/** The users area's own navigation, shown above its pages. */
export function UsersAreaNav() {
  const { pathname } = useLocation();
  return (
    <Group gap="xs" component="nav" aria-label="Users area">
      {links.map((link) => {
        const current = pathname === link.to || (link.to === paths.users() && pathname === '/users/index');
        return (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            size="xs"
            variant={current ? 'filled' : 'default'}
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Group>
  );
}
