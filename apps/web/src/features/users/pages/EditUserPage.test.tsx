import { messages, type PortalUser } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { signInWith, testAccount } from '../../../test/session.ts';
import { EditUserPage } from './EditUserPage.tsx';

/** Dana: an administrator of Acme HQ and a user of Acme Lab, which the viewer does not administer. */
const dana: PortalUser = {
  user_id: 7,
  email_nm: 'dana@example.com',
  first_nm: 'Dana',
  last_nm: 'Admin',
  two_factor_enabled: false,
  email_verified: true,
  accounts_users: [
    { account_id: 10, is_account_admin: true },
    { account_id: 11, is_account_admin: false },
  ],
};

beforeEach(() => signInWith([testAccount(10, 'Acme HQ'), testAccount(11, 'Acme Lab', false)]));
afterEach(() => {
  cleanup();
  logout();
});

const renderPage = () => renderAt('/users/edit-user/7', <EditUserPage />, { loaderData: 7 });

describe('EditUserPage (the users area access form)', () => {
  it("shows the user's access, editable where the viewer administers, and saves the new levels", async () => {
    const sent = serveApi({ 'GET users/get-user/7': { data: dana }, 'POST users/update-user': { data: null } });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Edit user' });
    expect(form.textContent).toContain('dana@example.com');
    expect(
      (within(form).getByRole('radio', { name: 'Admin access to Acme HQ (100010)' }) as HTMLInputElement).checked,
    ).toBe(true);
    const lab = within(form).getByRole('radio', { name: 'User access to Acme Lab (100011), read only' });
    expect((lab as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(form).getByRole('radio', { name: 'User access to Acme HQ (100010)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The access of dana@example.com was saved.')).toBeTruthy();
    expect(sent.find((c) => c.path === 'users/update-user')?.body).toEqual({
      userId: 7,
      accounts: [{ account_id: 10, access_level: 1 }],
    });
  });

  it('needs some access before saving', async () => {
    const sent = serveApi({ 'GET users/get-user/7': { data: dana } });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Edit user' });
    fireEvent.click(within(form).getByRole('radio', { name: 'None access to Acme HQ (100010)' }));
    fireEvent.submit(form);
    expect(await within(form).findByText(messages.userNeedsAccount)).toBeTruthy();
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
