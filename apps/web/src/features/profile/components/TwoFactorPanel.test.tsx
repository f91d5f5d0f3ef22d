import { profile, validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { TwoFactorPanel } from './TwoFactorPanel.tsx';

afterEach(cleanup);

const codes = Array.from({ length: 10 }, (_, i) => `ABCDE-${23450 + i}`);
const secret = { key: 'JBSWY3DPEHPK3PXPJBSWY3DPEH', qr: 'data:image/png;base64,AAAA' };

describe('TwoFactorPanel', () => {
  it('off: gets a secret, then enables two-factor with a six-digit passcode and that secret', async () => {
    const sent = serveApi({
      'GET users/get-two-factor-authentication-secret': { data: secret },
      'POST users/activate-two-factor-authentication-secret': {
        data: { two_factor_enabled: true, recovery_codes: codes },
      },
    });
    renderAt('/users/update-profile', <TwoFactorPanel enabled={false} />);
    expect(screen.getByTestId('two-factor-state').textContent).toBe('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect((await screen.findByTestId('two-factor-key')).textContent).toBe(secret.key);
    expect(screen.getByRole('img', { name: 'QR code of the two-factor secret key' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Enable two-factor authentication' });
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    typeInto(form, /^Passcode/, '123456');
    fireEvent.click(within(form).getByRole('button', { name: 'Enable two-factor' }));
    await waitFor(() => expect(sent.map((c) => c.path)).toContain('users/activate-two-factor-authentication-secret'));
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({ passcode: '123456', secretKey: secret.key });
    // The recovery codes are shown once, right after.
    const shown = await screen.findAllByTestId('recovery-code');
    expect(shown.map((el) => el.textContent)).toEqual(codes);
  });

  it('on: makes new recovery codes with the current password and shows them', async () => {
    const sent = serveApi({ 'POST users/create-recovery-codes': { data: { recovery_codes: codes } } });
    renderAt('/users/update-profile', <TwoFactorPanel enabled />);
    const form = screen.getByRole('form', { name: 'New recovery codes' });
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    expect(sent).toEqual([]);
    typeInto(form, /^Current password/, 'Secret-Password-1');
    fireEvent.click(within(form).getByRole('button', { name: 'New recovery codes' }));
    const shown = await screen.findAllByTestId('recovery-code');
    expect(shown.map((el) => el.textContent)).toEqual(codes);
    expect(within(form).getByRole('status').textContent).toBe(profile.profileTexts.recoveryCodesCreated);
    expect(sent.map((c) => c.body)).toEqual([{ currentPassword: 'Secret-Password-1' }]);
  });

  it('on: turns off only with the current password', async () => {
    const sent = serveApi({
      'POST users/disable-two-factor-authentication': {
        status: 422,
        code: 'VALIDATION_ERROR',
        message: 'Invalid input',
        data: { currentPassword: ['The current password is incorrect.'] },
      },
    });
    renderAt('/users/update-profile', <TwoFactorPanel enabled />);
    expect(screen.getByTestId('two-factor-state').textContent).toBe('On');
    const form = screen.getByRole('form', { name: 'Disable two-factor authentication' });
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    expect(sent).toEqual([]);
    typeInto(form, /^Current password/, 'wrong');
    fireEvent.submit(form);
    expect(await within(form).findByText('The current password is incorrect.')).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([{ currentPassword: 'wrong' }]);
  });
});
