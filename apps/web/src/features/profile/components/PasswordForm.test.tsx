import { passwordMessages, profile, validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { PasswordForm } from './PasswordForm.tsx';

afterEach(cleanup);

const renderForm = () => {
  renderAt('/users/update-profile', <PasswordForm email="ana.lopez@example.com" />);
  return screen.getByRole('form', { name: 'Change password' });
};

describe('PasswordForm', () => {
  it('asks for every field and sends nothing while one is missing', async () => {
    const sent = serveApi({});
    const form = renderForm();
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getAllByText(m.required).length).toBeGreaterThanOrEqual(2));
    expect(sent).toEqual([]);
  });

  it('refuses the email address as the new password, as the server would', async () => {
    const sent = serveApi({});
    const form = renderForm();
    typeInto(form, /Current password/, 'old-secret');
    typeInto(form, /^New password/, 'ana.lopez@example.com');
    typeInto(form, /Confirm new password/, 'ana.lopez@example.com');
    fireEvent.submit(form);
    expect(await within(form).findByText(passwordMessages.email)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('refuses a confirmation that differs from the new password', async () => {
    serveApi({});
    const form = renderForm();
    typeInto(form, /Current password/, 'old-secret');
    typeInto(form, /^New password/, 'violet-harbour-1987');
    typeInto(form, /Confirm new password/, 'violet-harbour-1988');
    fireEvent.submit(form);
    expect(await within(form).findByText(m.equalto)).toBeTruthy();
  });

  it('sends current, new and confirm, then says so and empties the fields', async () => {
    const sent = serveApi({ 'POST users/update-password': { data: { token: 'x.y.z', expires_at: 4_000_000_000 } } });
    const form = renderForm();
    typeInto(form, /Current password/, 'old-secret');
    typeInto(form, /^New password/, 'violet-harbour-1987');
    typeInto(form, /Confirm new password/, 'violet-harbour-1987');
    fireEvent.submit(form);
    expect(await within(form).findByText(profile.profileTexts.passwordUpdated)).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([
      { current_password: 'old-secret', passwd: 'violet-harbour-1987', confirm: 'violet-harbour-1987' },
    ]);
    expect((within(form).getByLabelText(/Current password/) as HTMLInputElement).value).toBe('');
  });
});
