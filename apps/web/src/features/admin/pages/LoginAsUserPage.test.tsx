import { validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { logout } from '../../../lib/session.ts';
import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { signInWith } from '../../../test/session.ts';
import { LoginAsUserPage } from './LoginAsUserPage.tsx';

beforeEach(() => signInWith([]));
afterEach(() => {
  cleanup();
  logout();
});

describe('LoginAsUserPage', () => {
  it("needs the customer's address and a reason, and shows the server's answer when there is no such user", async () => {
    const sent = serveApi({
      'POST admin/get-user-by-email': { status: 404, code: 'NOT_FOUND', message: 'No user with this email.' },
    });
    renderAt('/admin/login-as-user', <LoginAsUserPage />);
    const form = screen.getByRole('form', { name: 'Login as user' });
    fireEvent.submit(form);
    expect(await within(form).findAllByText(m.required)).toHaveLength(2);
    expect(sent).toEqual([]);
    typeInto(form, /^Email of the user/, 'dana@example.com');
    typeInto(form, /^Reason/, 'Ticket 4711');
    fireEvent.click(within(form).getByRole('button', { name: 'Login as user' }));
    expect(await within(form).findByText('No user with this email.')).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([{ email: 'dana@example.com' }]);
    expect(within(form).getByRole('link', { name: 'Sign-in record' }).getAttribute('href')).toBe(
      '/admin/login-as-user-audit',
    );
  });
});
