import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { signInWith, testAccount } from '../../../test/session.ts';
import { ManageAccountsPage } from './ManageAccountsPage.tsx';

afterEach(() => {
  cleanup();
  logout();
});

describe('ManageAccountsPage (the two-factor requirement form)', () => {
  it('offers the administered accounts only, and sends the ones that require two-factor', async () => {
    const sent = serveApi({
      'POST accounts/update-accounts': { status: 403, code: 'FORBIDDEN', message: 'Turn on two-factor first.' },
    });
    signInWith([
      { ...testAccount(10, 'Acme HQ'), is_2fa_required: true },
      testAccount(11, 'Acme Lab'),
      testAccount(12, 'Acme Branch', false),
    ]);
    renderAt('/users/manage-accounts', <ManageAccountsPage />);
    const form = screen.getByRole('form', { name: 'Two-factor requirement' });
    expect(form.textContent).toContain('Your own two-factor authentication is off.');
    const hq = within(form).getByRole('switch', { name: /^Acme HQ \(100010\)/ }) as HTMLInputElement;
    expect(hq.checked).toBe(true);
    expect(within(form).queryByRole('switch', { name: /^Acme Branch/ })).toBeNull();
    fireEvent.click(within(form).getByRole('switch', { name: /^Acme Lab \(100011\)/ }));
    fireEvent.click(hq);
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Turn on two-factor first.')).toBeTruthy();
    await waitFor(() => expect(sent.map((c) => c.body)).toEqual([{ accounts: [{ account_id: 11 }] }]));
  });

  it('says so to a user who administers no account', () => {
    serveApi({});
    signInWith([testAccount(12, 'Acme Branch', false)]);
    renderAt('/users/manage-accounts', <ManageAccountsPage />);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByTestId('no-permission').textContent).toBe('You do not administer any account.');
  });
});
