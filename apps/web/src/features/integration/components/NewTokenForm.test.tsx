import { validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { NewTokenForm } from './NewTokenForm.tsx';

afterEach(cleanup);

describe('NewTokenForm', () => {
  it('needs a name and a scope, and a webhook address that is one', async () => {
    const sent = serveApi({});
    renderAt('/admin/integration', <NewTokenForm />);
    const form = screen.getByRole('form', { name: 'New integration token' });
    typeInto(form, /Webhook URL/, 'billing.example/hooks');
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    expect(within(form).getByText(m.mincheck(1))).toBeTruthy();
    expect(within(form).getByText(m.url)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('creates the token with its scopes and shows its secrets this once', async () => {
    const sent = serveApi({
      'POST integration/tokens': {
        data: { id: 4, token: 'pit_4_secret', scopes: ['events'], webhook_secret: 'whsec_abc' },
      },
    });
    renderAt('/admin/integration', <NewTokenForm />);
    const form = screen.getByRole('form', { name: 'New integration token' });
    typeInto(form, /^Name/, 'billing feed');
    typeInto(form, /Webhook URL/, 'https://billing.example/hooks');
    fireEvent.click(within(form).getByRole('checkbox', { name: 'events' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Create token' }));
    expect((await within(form).findByTestId('new-token-secret')).textContent).toBe('pit_4_secret');
    expect(within(form).getByTestId('new-webhook-secret').textContent).toBe('whsec_abc');
    expect(sent.map((c) => c.body)).toEqual([
      { name: 'billing feed', scopes: ['events'], webhook_url: 'https://billing.example/hooks' },
    ]);
    await waitFor(() => expect((within(form).getByLabelText(/^Name/) as HTMLInputElement).value).toBe(''));
  });
});
