import type { PortalUser } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { signInWith, testAccount } from '../../../test/session.ts';
import { DeleteUserPage } from './DeleteUserPage.tsx';

const ben: PortalUser = {
  user_id: 2,
  email_nm: 'ben@example.com',
  first_nm: 'Ben',
  last_nm: 'Example',
  two_factor_enabled: false,
  email_verified: true,
  accounts_users: [
    { account_id: 10, is_account_admin: false },
    { account_id: 11, is_account_admin: false },
  ],
};

beforeEach(() => signInWith([testAccount(10, 'Acme HQ'), testAccount(11, 'Acme Lab', false)]));
afterEach(() => {
  cleanup();
  logout();
});

describe('DeleteUserPage (the users area delete confirmation)', () => {
  it('names the accounts the user leaves (only the administered ones) and removes them on request', async () => {
    const sent = serveApi({ 'GET users/get-user/2': { data: ben }, 'POST users/delete-user/2': { data: null } });
    renderAt('/users/delete-user/2', <DeleteUserPage />, { loaderData: { userId: 2 } });
    const question = await screen.findByText(/from this account\?/);
    expect(question.textContent).toContain('Ben Example (ben@example.com)');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Acme HQ (100010)']);
    expect(screen.getByRole('link', { name: 'Cancel' }).getAttribute('href')).toBe('/users');
    fireEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    expect(await screen.findByText('ben@example.com was removed from your accounts.')).toBeTruthy();
    expect(sent.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['users/delete-user/2']);
  });

  it('refuses to delete the viewer themself: no Delete button, no delete call', async () => {
    const sent = serveApi({});
    renderAt('/users/delete-user/1', <DeleteUserPage />, { loaderData: { userId: 1 } });
    expect(
      await screen.findByText(
        'You cannot delete your own portal user. Use Accounts to remove accounts from your access.',
      ),
    ).toBeTruthy();
    expect(within(document.body).queryByRole('button', { name: 'Delete user' })).toBeNull();
    expect(sent.filter((c) => c.path.startsWith('users/delete-user'))).toEqual([]);
  });
});
