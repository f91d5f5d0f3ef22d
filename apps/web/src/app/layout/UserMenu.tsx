import { Paper, Text, UnstyledButton } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import type { users } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';

import { UserAvatar } from '../../components/ui/UserAvatar.tsx';
import { paths } from '../../config/paths.ts';
import { ColorSchemeChoice } from './ColorSchemeChoice.tsx';
import classes from './UserMenu.module.css';

/**
 * The user menu as a disclosure (button + list of links): accessible without menu roles, and
 * light enough to stay in the initial bundle (no popover positioning library).
 */
export function UserMenu({ user }: { user: users.AuthenticatedUser }) {
  const [open, setOpen] = useState(false);
  const ref = useClickOutside<HTMLDivElement>(() => setOpen(false));
  const listId = useId();
  const fullName = `${user.first_nm} ${user.last_nm}`.trim();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div ref={ref} className={classes.root}>
      <UnstyledButton
        className={classes.trigger}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`User menu for ${fullName}`}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        <UserAvatar src={user.avatar} name="" firstName={user.first_nm} lastName={user.last_nm} size={32} />
        <Text size="sm" c="white" fw={500} visibleFrom="xs">
          {fullName}
        </Text>
        <span aria-hidden className={classes.caret}>
          ▾
        </span>
      </UnstyledButton>
      {open && (
        <Paper id={listId} className={classes.dropdown} shadow="md" withBorder>
          {/* Long addresses wrap (anywhere, they have no spaces) rather than being cut off. */}
          <Text size="xs" c="dimmed" px="sm" py={6} style={{ overflowWrap: 'anywhere' }} data-testid="user-menu-email">
            {user.email_nm}
          </Text>
          <ul className={classes.list}>
            <li>
              <Link className={classes.item} to={paths.profile()} onClick={() => setOpen(false)}>
                Profile
              </Link>
            </li>
            <li>
              <Link className={classes.item} to={paths.removeAccounts()} onClick={() => setOpen(false)}>
                My accounts
              </Link>
            </li>
            <li>
              <Link className={classes.item} to={paths.addAccount()} onClick={() => setOpen(false)}>
                Add an account
              </Link>
            </li>
            <li>
              <Link className={classes.item} to={paths.feedback()} onClick={() => setOpen(false)}>
                Send feedback
              </Link>
            </li>
            <li>
              <Link className={classes.item} to={paths.logout()} data-danger>
                Sign out
              </Link>
            </li>
          </ul>
          <ColorSchemeChoice />
        </Paper>
      )}
    </div>
  );
}
