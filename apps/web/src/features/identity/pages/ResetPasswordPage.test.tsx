import { messages, passwordMessages, validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { ResetPasswordPage } from './ResetPasswordPage.tsx';

afterEach(cleanup);

const link = { resetKey: 'k3y', email: 'ana@example.com' };

const renderPage = () => renderAt('/login/reset/k3y/ana@example.com', <ResetPasswordPage />, { loaderData: link });

describe('ResetPasswordPage', () => {
  it('refuses a short password, the email address and a confirmation that differs, before sending', async () => {
    const sent = serveApi({});
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reset password' });
    expect(screen.getByText('For ana@example.com')).toBeTruthy();
    typeInto(form, /^Password/, 'v1');
    typeInto(form, /^Confirm password/, 'v1');
    fireEvent.submit(form);
    expect(await within(form).findByText(passwordMessages.tooShort)).toBeTruthy();
    typeInto(form, /^Password/, 'ana@example.com');
    typeInto(form, /^Confirm password/, 'ana@example.com');
    fireEvent.submit(form);
    expect(await within(form).findByText(passwordMessages.email)).toBeTruthy();
    typeInto(form, /^Password/, 'violet-harbour-1987');
    typeInto(form, /^Confirm password/, 'violet-harbour-1988');
    fireEvent.submit(form);
    expect(await within(form).findByText(m.equalto)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the key, the address and the new password, then says so and goes to sign in', async () => {
    const sent = serveApi({ 'POST auth/reset-password': { data: { message: 'Your password has been reset.' } } });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reset password' });
    typeInto(form, /^Password/, 'violet-harbour-1987');
    typeInto(form, /^Confirm password/, 'violet-harbour-1987');
    fireEvent.click(within(form).getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(screen.getByText(messages.redirecting)).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([
      { reset_key: 'k3y', email_nm: 'ana@example.com', passwd: 'violet-harbour-1987', confirm: 'violet-harbour-1987' },
    ]);
  });

  it('offers a new link when the server refuses this one', async () => {
    serveApi({
      'POST auth/reset-password': { status: 404, code: 'NOT_FOUND', message: 'This link has expired.' },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Reset password' });
    typeInto(form, /^Password/, 'violet-harbour-1987');
    typeInto(form, /^Confirm password/, 'violet-harbour-1987');
    fireEvent.submit(form);
    expect(await within(form).findByText('This link has expired.')).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Ask for a new reset link' })).toBeTruthy();
  });
});
