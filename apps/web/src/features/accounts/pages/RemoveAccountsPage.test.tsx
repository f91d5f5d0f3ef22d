import { messages } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { signInWith, testAccount } from '../../../test/session.ts';
import { RemoveAccountsPage } from './RemoveAccountsPage.tsx';

afterEach(() => {
  cleanup();
  logout();
});

const renderPage = () => {
  signInWith([testAccount(10, 'Acme HQ'), testAccount(11, 'Acme Lab', false)]);
  renderAt('/users/accounts', <RemoveAccountsPage />);
  return screen.getByRole('form', { name: 'Remove accounts' });
};

describe('RemoveAccountsPage', () => {
  it('lists the accounts, and asks for one before anything else', async () => {
    const sent = serveApi({});
    const form = renderPage();
    expect(within(form).getByLabelText('Acme HQ (100010) · administrator')).toBeTruthy();
    expect(within(form).getByLabelText('Acme Lab (100011)')).toBeTruthy();
    fireEvent.submit(form);
    expect(await within(form).findByText(messages.selectAccountToRemove)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('asks to confirm, lets the user step back, and removes on the second press', async () => {
    const sent = serveApi({
      'POST accounts/remove-accounts': { status: 403, code: 'FORBIDDEN', message: 'You cannot remove this account.' },
    });
    const form = renderPage();
    fireEvent.click(within(form).getByLabelText('Acme Lab (100011)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove' }));
    expect(within(form).getByRole('alert').textContent).toContain('You will lose access to this account');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(form).queryByRole('alert')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove (confirm)' }));
    expect(await within(form).findByText('You cannot remove this account.')).toBeTruthy();
    await waitFor(() => expect(sent.map((c) => c.body)).toEqual([{ accounts: [{ account_id: 11 }] }]));
  });
});
