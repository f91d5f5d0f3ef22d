import type { PendingInvitation } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { signInWith, testAccount } from '../../../test/session.ts';
import { PendingInvitations } from './PendingInvitations.tsx';

const invitation: PendingInvitation = {
  invitation_id: 5,
  email_nm: 'dana@example.com',
  first_nm: 'Dana',
  last_nm: 'New',
  created_at: 1_764_000_000,
  expires_at: 1_764_600_000,
  accounts_users: [{ account_id: 10, is_account_admin: true }],
};

const page = (data: PendingInvitation[]) => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length });

beforeEach(() => signInWith([testAccount(10, 'Acme HQ')]));
afterEach(() => {
  cleanup();
  logout();
});

describe('PendingInvitations (the invitations table)', () => {
  it('lists each invitation with its accounts, and cancels one once confirmed', async () => {
    const sent = serveApi({
      'users/get-invitations': { data: page([invitation]) },
      'POST users/cancel-invitation/5': { data: null },
    });
    renderAt('/users', <PendingInvitations />);
    const table = await screen.findByRole('table', { name: 'Invitations not yet accepted' });
    const row = within(table).getByText('dana@example.com (Dana New)').closest('tr')!;
    expect(row.textContent).toContain('100010 · Admin');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel the invitation of dana@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel invitation?' });
    expect(dialog.textContent).toContain('stops giving access to your accounts');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    await waitFor(() =>
      expect(sent.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['users/cancel-invitation/5']),
    );
  });
});
