import type { AccountPin } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { PinsPage } from './PinsPage.tsx';

afterEach(cleanup);

const pins: AccountPin[] = [
  { account_id: 10, name: 'Acme HQ', account_number: '1000101', require_pin: true, has_pin: true },
  { account_id: 11, name: 'Acme Lab', account_number: '1000102', require_pin: true, has_pin: false },
];

const table = () => screen.findByRole('table', { name: 'Accounts that require a compliance PIN' });

describe('PinsPage', () => {
  it('lists the accounts that require a PIN; one without a PIN says so instead of a reset', async () => {
    serveApi({ 'POST pins/get-user-accounts-pins': { data: pins } });
    renderAt('/pins/index', <PinsPage />);
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['Acme HQ', '1000101', 'Reset PIN'],
      ['Acme Lab', '1000102', 'No PIN'],
    ]);
    expect(screen.queryByRole('button', { name: 'Reset PIN of account 1000102' })).toBeNull();
  });

  it("mails a reset for that account only, then shows Email Sent and can't be pressed again", async () => {
    const sent = serveApi({
      'POST pins/get-user-accounts-pins': { data: pins },
      'POST pins/send-pin-reset': { data: { message: 'sent' } },
    });
    renderAt('/pins/index', <PinsPage />);
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Reset PIN of account 1000101' }));
    const done = await screen.findByRole('button', { name: 'Email Sent for account 1000101' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(sent.filter((c) => c.path === 'pins/send-pin-reset').map((c) => c.body)).toEqual([{ accountId: 10 }]);
  });

  it("shows the server's refusal beside the button and keeps it pressable", async () => {
    serveApi({
      'POST pins/get-user-accounts-pins': { data: pins },
      'POST pins/send-pin-reset': { status: 502, code: 'MAIL_FAILED', message: 'The email could not be sent.' },
    });
    renderAt('/pins/index', <PinsPage />);
    await table();
    const reset = screen.getByRole('button', { name: 'Reset PIN of account 1000101' });
    fireEvent.click(reset);
    expect(await screen.findByText('The email could not be sent.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reset PIN of account 1000101' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('says when no account requires a PIN', async () => {
    serveApi({ 'POST pins/get-user-accounts-pins': { data: [] } });
    renderAt('/pins/index', <PinsPage />);
    expect(await screen.findByText('None of your accounts requires a compliance PIN.')).toBeTruthy();
  });
});
