import { messages, validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { signInWith, testAccount } from '../../../test/session.ts';
import { AddExistingUserPage } from './AddExistingUserPage.tsx';
import { AddNewUserPage } from './AddNewUserPage.tsx';

/** An administrator of Acme HQ who is a plain user of Acme Lab. */
const signIn = (admin = true) => signInWith([testAccount(10, 'Acme HQ', admin), testAccount(11, 'Acme Lab', false)]);

beforeEach(() => signIn());
afterEach(() => {
  cleanup();
  logout();
});

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
    typeInto(form, /^First name/, 'Dana');
    typeInto(form, /^Last name/, 'New');
    typeInto(form, /^Email/, 'dana@example.com');
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
    typeInto(form, /Email of the portal user/, 'dana@');
    fireEvent.click(within(form).getByRole('radio', { name: 'Admin access to Acme HQ (100010)' }));
    fireEvent.submit(form);
    expect(await within(form).findByText(m.email)).toBeTruthy();
    typeInto(form, /Email of the portal user/, 'dana@example.com');
    fireEvent.submit(form);
    expect(await screen.findByText('They will get a link.')).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([
      { email_nm: 'dana@example.com', accounts: [{ account_id: 10, access_level: 2 }] },
    ]);
  });
});
