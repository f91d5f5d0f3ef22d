import { validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { AddAccountPage } from './AddAccountPage.tsx';

afterEach(cleanup);

describe('AddAccountPage', () => {
  it('needs digits for the account and an invoice number as printed, and sends nothing before', async () => {
    const sent = serveApi({});
    renderAt('/users/add-account', <AddAccountPage />);
    const form = screen.getByRole('form', { name: 'Add account' });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getAllByText(m.required)).toHaveLength(2));
    typeInto(form, /^Account number/, '10A');
    typeInto(form, /^Invoice number/, 'INV 7');
    fireEvent.submit(form);
    expect(await within(form).findByText(m.digits)).toBeTruthy();
    expect(within(form).getByText(m.alphanum)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("sends the two numbers and shows the server's refusal in the form", async () => {
    const sent = serveApi({
      'POST accounts/add-account': {
        status: 422,
        code: 'VALIDATION_ERROR',
        message: 'Invalid input',
        data: { invoice_number: ['The invoice number does not belong to this account.'] },
      },
    });
    renderAt('/users/add-account', <AddAccountPage />);
    const form = screen.getByRole('form', { name: 'Add account' });
    typeInto(form, /^Account number/, '100010');
    typeInto(form, /^Invoice number/, 'INV-2026-000001');
    fireEvent.click(within(form).getByRole('button', { name: 'Add account' }));
    expect(await within(form).findByText('The invoice number does not belong to this account.')).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([{ account_number: '100010', invoice_number: 'INV-2026-000001' }]);
  });
});
