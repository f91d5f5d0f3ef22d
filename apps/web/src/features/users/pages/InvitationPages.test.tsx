import { messages, validationMessages as m, type Account } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { logout, saveLoginData } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { AddExistingUserPage } from './AddExistingUserPage.tsx';
import { AddNewUserPage } from './AddNewUserPage.tsx';

const account = (account_id: number, name: string, is_account_admin: boolean): Account => ({
  account_id,
  account_number: String(100000 + account_id),
  name,
  is_active: true,
  require_pin: false,
  account_status_cd: 'A',
  is_account_admin,
  is_2fa_required: false,
  currency: 'USD',
});

/** An administrator of Acme HQ who is a plain user of Acme Lab. */
const signIn = (admin = true) =>
  saveLoginData({
    user: {
      user_id: 1,
      email_nm: 'casey@example.com',
      first_nm: 'Casey',
      last_nm: 'Admin',
      two_factor_enabled: false,
      uss_admin_level: 0,
      avatar: null,
      accounts_users: [
        { account_id: 10, is_account_admin: admin },
        { account_id: 11, is_account_admin: false },
      ],
    },
    accounts: [account(10, 'Acme HQ', admin), account(11, 'Acme Lab', false)],
    products: [],
    categories: [],
  });

beforeEach(() => signIn());
afterEach(() => {
  cleanup();
  logout();
});

const type = (form: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(form).getByLabelText(label), { target: { value } });

describe('Add New User (the users area invitation form)', () => {
  it('offers the administered accounts only, and needs a name, an address and some access', async () => {
    const sent = serveApi({});
    renderAt('/users/add-new-user', <AddNewUserPage />);
    const form = screen.getByRole('form', { name: 'Add new user' });
    expect(within(form).getByTestId('access-100010')).toBeTruthy();
    expect(within(form).queryByTestId('access-100011')).toBeNull();
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getAllByText(m.required)).toHaveLength(3));
    expect(within(form).getByText(messages.userNeedsAccount)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the person and their access, then shows the answer and goes back to the users', async () => {
    const sent = serveApi({ 'POST users/add-new-user': { message: 'We sent an invitation.' } });
    renderAt('/users/add-new-user', <AddNewUserPage />);
    const form = screen.getByRole('form', { name: 'Add new user' });
    type(form, /^First name/, 'Dana');
    type(form, /^Last name/, 'New');
    type(form, /^Email/, 'dana@example.com');
    fireEvent.click(within(form).getByRole('radio', { name: 'User access to Acme HQ (100010)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('We sent an invitation.')).toBeTruthy();
    expect(screen.getByText(messages.redirecting)).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([
      {
        first_nm: 'Dana',
        last_nm: 'New',
        email_nm: 'dana@example.com',
        accounts: [{ account_id: 10, access_level: 1 }],
      },
    ]);
  });

  it('shows the no-permission message to a user who administers no account', () => {
    signIn(false);
    serveApi({});
    renderAt('/users/add-new-user', <AddNewUserPage />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByTestId('no-permission').textContent).toBe(messages.noPermissionAddUsers);
  });
});

describe('Add Existing User (the same form with an address only)', () => {
  it('refuses an address that is not one, then sends the address and access', async () => {
    const sent = serveApi({ 'POST users/add-existing-user': { message: 'They will get a link.' } });
    renderAt('/users/add-existing-user', <AddExistingUserPage />);
    const form = screen.getByRole('form', { name: 'Add existing user' });
    expect(within(form).queryByLabelText(/^First name/)).toBeNull();
    type(form, /Email of the portal user/, 'dana@');
    fireEvent.click(within(form).getByRole('radio', { name: 'Admin access to Acme HQ (100010)' }));
    fireEvent.submit(form);
    expect(await within(form).findByText(m.email)).toBeTruthy();
    type(form, /Email of the portal user/, 'dana@example.com');
    fireEvent.submit(form);
    expect(await screen.findByText('They will get a link.')).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([
      { email_nm: 'dana@example.com', accounts: [{ account_id: 10, access_level: 2 }] },
    ]);
  });
});
