import { auth, validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-error.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { PasscodeForm } from './PasscodeForm.tsx';

afterEach(cleanup);

describe('CredentialsForm', () => {
  it('refuses empty fields with the required message under each and does not sign in', async () => {
    const onSubmit = vi.fn();
    renderAt('/login', <CredentialsForm onSubmit={onSubmit} pending={false} error={null} />);
    const form = screen.getByRole('form', { name: 'Sign in' });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getAllByText(m.required)).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an address that is not one, then signs in with what was typed', async () => {
    const onSubmit = vi.fn();
    renderAt('/login', <CredentialsForm onSubmit={onSubmit} pending={false} error={null} />);
    const form = screen.getByRole('form', { name: 'Sign in' });
    typeInto(form, /^Email/, 'not-an-address');
    typeInto(form, /^Password/, 'secret');
    fireEvent.submit(form);
    expect(await within(form).findByText(m.email)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    typeInto(form, /^Email/, 'ana@example.com');
    fireEvent.submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'ana@example.com', password: 'secret' });
  });

  it("shows the server's answer to a failed sign-in", () => {
    renderAt(
      '/login',
      <CredentialsForm
        onSubmit={vi.fn()}
        pending={false}
        error={new ApiError('INVALID_CREDENTIALS', 'Wrong password.')}
      />,
    );
    expect(screen.getByText('Wrong password.')).toBeTruthy();
  });
});

describe('PasscodeForm', () => {
  it('takes six digits only, names the account, and goes back on request', async () => {
    const onSubmit = vi.fn();
    const onBack = vi.fn();
    renderAt(
      '/login',
      <PasscodeForm email="ana@example.com" onSubmit={onSubmit} onBack={onBack} pending={false} error={null} />,
    );
    const form = screen.getByRole('form', { name: 'Two-factor passcode' });
    expect(form.textContent).toContain('ana@example.com');
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    typeInto(form, /^Passcode/, '12a456');
    fireEvent.submit(form);
    expect(await within(form).findByText('The passcode is the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    typeInto(form, /^Passcode/, '123456');
    fireEvent.submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ passcode: '123456' });
    fireEvent.click(within(form).getByRole('button', { name: 'Use a different account' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('takes a recovery code instead on request, and back to the passcode', async () => {
    const onSubmit = vi.fn();
    renderAt(
      '/login',
      <PasscodeForm email="ana@example.com" onSubmit={onSubmit} onBack={vi.fn()} pending={false} error={null} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const form = screen.getByRole('form', { name: 'Sign in with a recovery code' });
    expect(form.textContent).toContain('ana@example.com');
    typeInto(form, /^Recovery code/, 'ABC-10');
    fireEvent.submit(form);
    expect(await within(form).findByText(auth.authTexts.recoveryCodeFormat)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    typeInto(form, /^Recovery code/, '7kq2m-xw9rp');
    fireEvent.submit(form);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ recovery_code: '7kq2m-xw9rp' });
    fireEvent.click(within(form).getByRole('button', { name: 'Use the authenticator app' }));
    expect(screen.getByRole('form', { name: 'Two-factor passcode' })).toBeTruthy();
  });
});
