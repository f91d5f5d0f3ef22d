import { validationMessages as m } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { ReplyForm } from './ReplyForm.tsx';

afterEach(cleanup);

describe('ReplyForm', () => {
  it('asks for a response when support awaits one, and needs a message', async () => {
    const sent = serveApi({});
    renderAt('/tickets/view/42', <ReplyForm ticketId={42} awaitingResponse />);
    const form = screen.getByRole('form', { name: 'Reply' });
    expect(within(form).getByRole('heading', { name: 'Send your response' })).toBeTruthy();
    fireEvent.submit(form);
    expect(await within(form).findByText(m.required)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the message to the ticket, says so and empties the box', async () => {
    const sent = serveApi({ 'POST tickets/reply-to-ticket': { data: null } });
    renderAt('/tickets/view/42', <ReplyForm ticketId={42} awaitingResponse={false} />);
    const form = screen.getByRole('form', { name: 'Reply' });
    const box = within(form).getByLabelText(/^Message/) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'It works again, thank you.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reply' }));
    expect(await within(form).findByText('Your reply was sent. Our support team has been notified.')).toBeTruthy();
    expect(sent.map((c) => c.body)).toEqual([{ ticketId: 42, body: 'It works again, thank you.', attachment_ids: [] }]);
    await waitFor(() => expect(box.value).toBe(''));
  });
});
