import type { LoginAsUserRecord } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { LoginAsUserAuditPage } from '../../features/admin/pages/LoginAsUserAuditPage.tsx';
import { SignupAccessGrantsPage } from '../../features/signup-access/pages/SignupAccessGrantsPage.tsx';
import { serveApi } from '../../test/api.ts';
import { renderAt } from '../../test/render.tsx';

afterEach(cleanup);

const record = (audit_id: number, user_email: string): LoginAsUserRecord => ({
  audit_id,
  staff_user_id: 1,
  staff_email: 'staff@example.com',
  user_id: 2,
  user_email,
  ip_address: '198.51.100.7',
  reason: 'Ticket 42',
  created_at: 1_764_300_000,
});

describe('RecordListPage (the staff record lists)', () => {
  it('lists one page of records, searches them and moves through the pages in the address', async () => {
    const sent = serveApi({
      'admin/get-login-as-user-audit': (body) => {
        const search = (body as { search?: string }).search;
        return {
          data: {
            data: search
              ? [record(9, 'dana@example.com')]
              : [record(1, 'ana@example.com'), record(2, 'ben@example.com')],
            last_page: search ? 1 : 3,
          },
        };
      },
    });
    renderAt('/admin/login-as-user-audit', <LoginAsUserAuditPage />);
    expect(screen.getByRole('heading', { name: 'Sign-in as User Record' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sign-ins of staff members as customers' });
    expect(within(table).getByText('ana@example.com')).toBeTruthy();
    expect(within(table).getAllByText('198.51.100.7')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'Record pages' })).getByLabelText('Next page'));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toContain('page=2'));
    await waitFor(() => expect(sent.at(-1)?.path).toBe('admin/get-login-as-user-audit'));

    const search = screen.getByRole('search', { name: 'Search the record' });
    fireEvent.change(within(search).getByLabelText('Search the record'), { target: { value: ' dana ' } });
    fireEvent.submit(search);
    expect(await screen.findByText('dana@example.com')).toBeTruthy();
    expect(sent.at(-1)?.body).toEqual({ search: 'dana' });
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it('says so when there is nothing to list, and shows no pages', async () => {
    serveApi({ 'admin/get-signup-access-grants': { data: { data: [], last_page: 0 } } });
    renderAt('/admin/signup-access', <SignupAccessGrantsPage />);
    expect(await screen.findByText('Nobody has signed up with an invoice yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message when the records do not load", async () => {
    serveApi({
      'admin/get-login-as-user-audit': { status: 403, code: 'FORBIDDEN', message: 'You may not see this record.' },
    });
    renderAt('/admin/login-as-user-audit', <LoginAsUserAuditPage />);
    expect(await screen.findByText('You may not see this record.')).toBeTruthy();
  });
});
