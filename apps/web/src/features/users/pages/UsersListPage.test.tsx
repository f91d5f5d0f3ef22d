import type { PortalUser } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { signInWith, testAccount } from '../../../test/session.ts';
import { UsersListPage } from './UsersListPage.tsx';

const person = (user_id: number, first_nm: string, email_nm: string, admin: boolean): PortalUser => ({
  user_id,
  email_nm,
  first_nm,
  last_nm: 'Example',
  two_factor_enabled: admin,
  email_verified: !admin,
  accounts_users: [{ account_id: 10, is_account_admin: admin }],
});

const page = (data: PortalUser[]) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });
const noInvitations = { data: page([]) };

beforeEach(() => signInWith([testAccount(10, 'Acme HQ')]));
afterEach(() => {
  cleanup();
  logout();
});

describe('UsersListPage (the users table)', () => {
  it("shows each user with their accounts and two-factor, and no Delete on the viewer's own row", async () => {
    serveApi({
      'users/get-users': {
        data: page([person(1, 'Casey', 'casey@example.com', true), person(2, 'Ben', 'ben@example.com', false)]),
      },
      'users/get-invitations': noInvitations,
    });
    renderAt('/users', <UsersListPage />);
    const table = await screen.findByRole('table', { name: 'Portal users of the accounts you administer' });
    const casey = within(table).getByText('casey@example.com').closest('tr')!;
    expect(casey.textContent).toContain('100010 · Admin');
    expect(casey.textContent).toContain('not verified');
    expect(within(casey).queryByRole('link', { name: 'Delete casey@example.com' })).toBeNull();
    const ben = within(table).getByText('ben@example.com').closest('tr')!;
    expect(within(ben).getByRole('link', { name: 'Delete ben@example.com' }).getAttribute('href')).toBe(
      '/users/delete-user/2',
    );
  });

  it('sorts by a column through the address and asks the server for that order', async () => {
    const sent = serveApi({
      'users/get-users': { data: page([person(2, 'Ben', 'ben@example.com', false)]) },
      'users/get-invitations': noInvitations,
    });
    renderAt('/users', <UsersListPage />);
    const table = await screen.findByRole('table', { name: 'Portal users of the accounts you administer' });
    fireEvent.click(within(table).getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('sort=email_nm'));
    await waitFor(() =>
      expect(sent.filter((c) => c.path === 'users/get-users').at(-1)?.query).toMatchObject({ sort: 'email_nm' }),
    );
  });

  it('sends a password reset only once the administrator confirms it', async () => {
    const sent = serveApi({
      'users/get-users': { data: page([person(2, 'Ben', 'ben@example.com', false)]) },
      'users/get-invitations': noInvitations,
      'POST auth/forgot-password/ben@example.com': { data: null },
    });
    renderAt('/users', <UsersListPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset password of ben@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset password?' });
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((notice) => notice.textContent)).toContain(
        'A password reset message was sent to ben@example.com.',
      ),
    );
    expect(sent.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      'auth/forgot-password/ben@example.com',
    ]);
  });
});
