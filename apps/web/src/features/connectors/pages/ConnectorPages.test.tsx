import type { PrometheusSource, SnmpDevice } from '@portal/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt, typeInto } from '../../../test/render.tsx';
import { PrometheusSourcesPage } from './PrometheusSourcesPage.tsx';
import { SnmpDevicesPage } from './SnmpDevicesPage.tsx';

afterEach(cleanup);

const device: SnmpDevice = {
  device_key: 'edge-1',
  address: '192.0.2.10',
  port: 161,
  version: '2c',
  has_community: true,
  v3: null,
  interval_seconds: 60,
  interfaces: [{ if_name: 'ge-0/0/1', if_index: null, order_number: 'ORD-1001', object_key: '7' }],
  last_success_at: null,
  last_error: null,
  last_error_at: null,
  next_run_at: 1_764_300_000,
  points_last_hour: 120,
};

const source: PrometheusSource = {
  source_key: 'thanos',
  url: 'http://thanos:9090',
  auth: 'bearer',
  username: null,
  series: [{ order_number: 'ORD-1001', metric: 'if_in_octets', object_key: '7', promql: 'rate(x[5m])' }],
  last_success_at: null,
  last_error: null,
  last_error_at: null,
  queries_last_hour: 3,
};

describe('SNMP devices page (the connector list and form, configured for devices)', () => {
  it('lists the devices with their settings and status', async () => {
    serveApi({ 'GET connectors/snmp-devices': { data: [device] } });
    renderAt('/admin/snmp-devices', <SnmpDevicesPage />);
    const table = await screen.findByRole('table', { name: 'SNMP devices' });
    const row = within(table).getByText('edge-1').closest('tr')!;
    expect(row.textContent).toContain('192.0.2.10:161');
    expect(row.textContent).toContain('2c (community held)');
    expect(row.textContent).toContain('ge-0/0/1 → ORD-1001/7');
    expect(row.textContent).toContain('never');
  });

  it('refuses an empty device with a message under each missing field and sends nothing', async () => {
    const sent = serveApi({ 'GET connectors/snmp-devices': { data: [] } });
    renderAt('/admin/snmp-devices', <SnmpDevicesPage />);
    expect(await screen.findByText('There are no SNMP devices yet.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'New SNMP device' });
    fireEvent.submit(form);
    await waitFor(() => expect(within(form).getAllByText('This value is required.')).toHaveLength(4));
    expect(within(form).getByText('This value should be digits.')).toBeTruthy();
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('adds a device: the form sends the call input (an interface of digits is an ifIndex) and empties', async () => {
    const sent = serveApi({
      'GET connectors/snmp-devices': { data: [] },
      'POST connectors/snmp-devices': { data: device },
    });
    renderAt('/admin/snmp-devices', <SnmpDevicesPage />);
    const form = await screen.findByRole('form', { name: 'New SNMP device' });
    typeInto(form, /Device key/, 'edge-2');
    typeInto(form, /Address/, '192.0.2.20');
    typeInto(form, /Community/, 'public');
    typeInto(form, /Interface \(name or ifIndex\)/, '3');
    typeInto(form, /Order number/, 'ORD-1002');
    typeInto(form, /Object key/, '9');
    fireEvent.click(within(form).getByRole('button', { name: 'Add device' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({
      device_key: 'edge-2',
      address: '192.0.2.20',
      port: 161,
      version: '2c',
      interval_seconds: 60,
      community: 'public',
      interfaces: [{ if_index: 3, order_number: 'ORD-1002', object_key: '9' }],
    });
    await waitFor(() => expect((within(form).getByLabelText(/Device key/) as HTMLInputElement).value).toBe(''));
  });

  it('keeps at least one interface row, adds more and removes them', async () => {
    serveApi({ 'GET connectors/snmp-devices': { data: [] } });
    renderAt('/admin/snmp-devices', <SnmpDevicesPage />);
    const form = await screen.findByRole('form', { name: 'New SNMP device' });
    const first = within(form).getByRole('button', { name: 'Remove interface 1' }) as HTMLButtonElement;
    expect(first.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: 'Add interface' }));
    const second = await within(form).findByRole('button', { name: 'Remove interface 2' });
    expect((within(form).getByRole('button', { name: 'Remove interface 1' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.click(second);
    await waitFor(() => expect(within(form).queryByRole('button', { name: 'Remove interface 2' })).toBeNull());
  });

  it('changes a device: its settings fill the form, the key is read-only, and Cancel goes back to a new one', async () => {
    serveApi({ 'GET connectors/snmp-devices': { data: [device] } });
    renderAt('/admin/snmp-devices', <SnmpDevicesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change edge-1' }));
    const form = await screen.findByRole('form', { name: 'Change device edge-1' });
    const key = within(form).getByLabelText(/Device key/) as HTMLInputElement;
    await waitFor(() => expect(key.value).toBe('edge-1'));
    expect(key.readOnly).toBe(true);
    expect(within(form).getByText('Leave blank to keep the held one (for the same address and port).')).toBeTruthy();
    expect((within(form).getByLabelText(/Interface \(name or ifIndex\)/) as HTMLInputElement).value).toBe('ge-0/0/1');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('form', { name: 'New SNMP device' })).toBeTruthy();
  });

  it('removes a device only once the staff member confirms', async () => {
    const sent = serveApi({
      'GET connectors/snmp-devices': { data: [device] },
      'DELETE connectors/snmp-devices/edge-1': { data: null },
    });
    const confirm = vi.fn<(question: string) => boolean>().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    renderAt('/admin/snmp-devices', <SnmpDevicesPage />);
    const remove = await screen.findByRole('button', { name: 'Remove edge-1' });
    fireEvent.click(remove);
    expect(confirm).toHaveBeenLastCalledWith('Remove the device "edge-1"? The poller stops reading it.');
    expect(sent.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(remove);
    await waitFor(() => expect(sent.filter((c) => c.method === 'DELETE')).toHaveLength(1));
  });
});

describe('Prometheus sources page (the same list and form, configured for sources)', () => {
  it('asks for the sign-in the source uses and sends only its secrets', async () => {
    const sent = serveApi({
      'GET connectors/prometheus-sources': { data: [] },
      'POST connectors/prometheus-sources': { data: source },
    });
    renderAt('/admin/prometheus-sources', <PrometheusSourcesPage />);
    const form = await screen.findByRole('form', { name: 'New Prometheus source' });
    expect(within(form).queryByLabelText(/Bearer token/)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Sign-in'), { target: { value: 'basic' } });
    expect(await within(form).findByLabelText(/User name/)).toBeTruthy();
    typeInto(form, /Source key/, 'mimir');
    typeInto(form, /Base URL/, 'http://mimir:9009');
    typeInto(form, /User name/, 'reader');
    typeInto(form, /^Password/, 'secret');
    typeInto(form, /Order number/, 'ORD-1001');
    typeInto(form, /PromQL/, 'rate(x[5m])');
    fireEvent.click(within(form).getByRole('button', { name: 'Add source' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({
      source_key: 'mimir',
      url: 'http://mimir:9009',
      auth: 'basic',
      username: 'reader',
      password: 'secret',
      series: [{ order_number: 'ORD-1001', metric: 'if_in_octets', object_key: '', promql: 'rate(x[5m])' }],
    });
  });

  it('lets a source lose every series row', async () => {
    serveApi({ 'GET connectors/prometheus-sources': { data: [] } });
    renderAt('/admin/prometheus-sources', <PrometheusSourcesPage />);
    const form = await screen.findByRole('form', { name: 'New Prometheus source' });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove series 1' }));
    await waitFor(() => expect(within(form).queryByLabelText(/PromQL/)).toBeNull());
    fireEvent.click(within(form).getByRole('button', { name: 'Add series' }));
    expect(await within(form).findByLabelText(/PromQL/)).toBeTruthy();
  });

  it("shows the server's message when it refuses a source", async () => {
    serveApi({
      'GET connectors/prometheus-sources': { data: [source] },
      'POST connectors/prometheus-sources': {
        status: 422,
        code: 'VALIDATION_ERROR',
        message: 'Invalid input',
        data: { url: ['This value should be a valid url.'] },
      },
    });
    renderAt('/admin/prometheus-sources', <PrometheusSourcesPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change thanos' }));
    const form = await screen.findByRole('form', { name: 'Change source thanos' });
    await waitFor(() => expect((within(form).getByLabelText(/Base URL/) as HTMLInputElement).value).toBe(source.url));
    expect(within(form).getByText('Leave blank to keep the held one (for the same URL).')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save source' }));
    expect(await within(form).findByText('This value should be a valid url.')).toBeTruthy();
  });
});
