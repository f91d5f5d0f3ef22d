import { contact, validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { InquiryForm } from './InquiryForm.tsx';

afterEach(cleanup);

const user = { first_nm: 'Ana', last_nm: 'Lopez', email_nm: 'ana@example.com' };
const subject = 'Inquiry about order 1001';

const renderForm = () => {
  renderAt(
    '/inquire/pending/1001/55',
    <InquiryForm route={{ type: 'pending', display: '1001', value: '55' }} subject={subject} user={user} />,
  );
  return screen.getByRole('form', { name: subject });
};

describe('InquiryForm', () => {
  it('starts from the signed-in user and needs a message', async () => {
    const sent = serveApi({});
    const form = renderForm();
    expect(within(form).getByTestId('inquiry-subject').textContent).toBe(subject);
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('ana@example.com');
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the inquiry with what it is about once, then locks the fields and says it was sent', async () => {
    const sent = serveApi({ 'POST contact/inquire': { data: { message: '' } } });
    const form = renderForm();
    fireEvent.change(within(form).getByLabelText(/^Your message/), { target: { value: 'Please call me.' } });
    fireEvent.click(within(form).getByTestId('send-inquiry'));
    expect((await within(form).findByTestId('inquiry-sent')).textContent).toBe(contact.inquirySent);
    expect(sent.map((c) => c.body)).toEqual([
      {
        inquiry_type: 'pending',
        subject,
        value: '55',
        first_name: 'Ana',
        last_name: 'Lopez',
        email: 'ana@example.com',
        inquiry: 'Please call me.',
      },
    ]);
    const button = within(form).getByTestId('send-inquiry') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toBe('Sent');
    await waitFor(() =>
      expect((within(form).getByLabelText(/^Your message/) as HTMLTextAreaElement).readOnly).toBe(true),
    );
  });
});
