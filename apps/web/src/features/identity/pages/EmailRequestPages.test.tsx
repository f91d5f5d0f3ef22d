import { validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx';
import { ResendVerificationPage } from './ResendVerificationPage.tsx';

afterEach(cleanup);

const notice = 'If the address has a portal user, we sent it a link.';

describe('Forgot password (the email request form)', () => {
  it('needs an address that is one, then shows the same notice whatever the address', async () => {
    const sent = serveApi({ 'POST auth/forgot-password': { data: { message: notice } } });
    renderAt('/login/forgot-password', <ForgotPasswordPage />);
    const form = screen.getByRole('form', { name: 'Forgot your password?' });
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'ana@' } });
    fireEvent.submit(form);
    expect(await within(form).findByText(m.email)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'ana@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('request-sent')).textContent).toBe(notice);
    expect(screen.queryByRole('form')).toBeNull();
    expect(sent.map((c) => c.body)).toEqual([{ email: 'ana@example.com' }]);
  });
});

describe('Resend verification (the same form)', () => {
  it('starts from the address in the link and sends it as email_nm', async () => {
    const sent = serveApi({ 'POST users/resend-verification': { data: { message: notice } } });
    renderAt('/login/resend-verification?email=ana%40example.com', <ResendVerificationPage />);
    const form = screen.getByRole('form', { name: 'Resend verification email' });
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ana@example.com');
    fireEvent.submit(form);
    expect((await screen.findByTestId('request-sent')).textContent).toBe(notice);
    expect(sent.map((c) => c.body)).toEqual([{ email_nm: 'ana@example.com' }]);
  });
});
