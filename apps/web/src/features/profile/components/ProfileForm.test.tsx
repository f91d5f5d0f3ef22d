import { profile, validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { ProfileForm } from './ProfileForm.tsx';

afterEach(cleanup);

const current: profile.Profile = {
  user_id: 1,
  email_nm: 'ana@example.com',
  first_nm: 'Ana',
  last_nm: 'Lopez',
  email_verified: true,
  two_factor_enabled: false,
};

const renderForm = () => {
  renderAt('/users/update-profile', <ProfileForm current={current} />);
  return screen.getByRole('form', { name: 'Update profile' });
};

describe('ProfileForm', () => {
  it('starts from the profile and needs the current password to save', async () => {
    const sent = serveApi({});
    const form = renderForm();
    expect((within(form).getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ana');
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ana@example.com');
    typeInto(form, /^Last name/, ' ');
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getAllByText(m.required)).toHaveLength(2));
    expect(sent).toEqual([]);
  });

  it('saves the names and says so; a new address also says a link was sent, and the password empties', async () => {
    const sent = serveApi({
      'POST users/update-profile': (body) => ({ data: { ...current, ...(body as object) } }),
    });
    const form = renderForm();
    typeInto(form, /^Last name/, 'López');
    typeInto(form, /^Current password/, 'secret');
    fireEvent.submit(form);
    expect(await within(form).findByText(profile.profileTexts.profileUpdated)).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([
      { email_nm: 'ana@example.com', first_nm: 'Ana', last_nm: 'López', passwd: 'secret' },
    ]);
    expect((within(form).getByLabelText(/^Current password/) as HTMLInputElement).value).toBe('');

    typeInto(form, /^Email/, 'ana.lopez@example.com');
    typeInto(form, /^Current password/, 'secret');
    fireEvent.submit(form);
    expect(await within(form).findByText(profile.profileTexts.emailChanged)).toBeTruthy();
  });
});
