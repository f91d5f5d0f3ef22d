import type { OrderDetail } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { ChangeAliasPage } from './ChangeAliasPage.tsx';

afterEach(cleanup);

const order: OrderDetail = {
  base_order_id: 55,
  account_id: 10,
  order_number: 'ORD-1001',
  product_cd: 'net',
  product: 'Network Monitoring',
  product_controller: 'network',
  uss_circuit_id: 'CIR-9',
  customer_ref: null,
  alias: 'Head office line',
  mrc_charges: 100,
  currency: 'USD',
  order_status_cd: 'A',
  contract_start_date: null,
  term_cd: null,
  order_term_cd: null,
  order_term: null,
  account: { account_id: 10, account_number: '100010', name: 'Acme HQ' },
  all_customer_order_components: [],
};

const renderPage = () => renderAt('/service/change-alias/55', <ChangeAliasPage />, { loaderData: { baseOrderId: 55 } });

describe('ChangeAliasPage', () => {
  it('starts from the alias of the order it names, and saves the new one', async () => {
    const sent = serveApi({
      'POST orders/get-order': { data: order },
      'POST orders/change-alias': { data: { base_order_id: 55, alias: 'Branch line', product_controller: 'network' } },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Change alias' });
    expect(form.textContent).toContain('Network Monitoring, order ORD-1001, circuit CIR-9.');
    await waitFor(() =>
      expect((within(form).getByLabelText('Alias') as HTMLInputElement).value).toBe('Head office line'),
    );
    typeInto(form, 'Alias', 'Branch line');
    fireEvent.click(within(form).getByRole('button', { name: 'Save alias' }));
    expect(await screen.findByText('The alias of order ORD-1001 is now "Branch line".')).toBeTruthy();
    expect(sent.filter((c) => c.path === 'orders/change-alias').map((c) => c.body)).toEqual([
      { base_order_id: 55, alias: 'Branch line' },
    ]);
  });

  it('clears the alias with one button', async () => {
    const sent = serveApi({
      'POST orders/get-order': { data: order },
      'POST orders/change-alias': { data: { base_order_id: 55, alias: null, product_controller: 'network' } },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Change alias' });
    fireEvent.click(within(form).getByRole('button', { name: 'Clear alias' }));
    expect(await screen.findByText('The alias of order ORD-1001 has been cleared.')).toBeTruthy();
    expect(sent.filter((c) => c.path === 'orders/change-alias').map((c) => c.body)).toEqual([
      { base_order_id: 55, alias: '' },
    ]);
  });

  it("shows the server's answer when the order is not the user's", async () => {
    serveApi({ 'POST orders/get-order': { status: 404, code: 'NOT_FOUND', message: 'No order found.' } });
    renderPage();
    expect(await screen.findByText('No order found.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
