import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { AuditLog } from './AuditLog.tsx';

afterEach(cleanup);

const empty = { data: [], current_page: 1, last_page: 1, per_page: 25, total: 0 };

describe('AuditLog', () => {
  it('says beside To that the dates are the wrong way round, and asks the server for no entries', async () => {
    const calls = serveApi({
      'GET audit/get-entry-users': { data: [] },
      'GET audit/get-entries': { data: empty },
    });
    renderAt('/users/audit-log?from=2026-12-10&to=2026-12-01', <AuditLog accountId={7} />);
    expect(await screen.findByText('This value should be on or after the From date.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Audit log' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Download CSV' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.path === 'audit/get-entries')).toEqual([]);
  });

  it('asks for the entries of the days given when they are in order', async () => {
    const calls = serveApi({
      'GET audit/get-entry-users': { data: [] },
      'GET audit/get-entries': { data: empty },
    });
    renderAt('/users/audit-log?from=2026-12-01&to=2026-12-01', <AuditLog accountId={7} />);
    expect(await screen.findByText('Nothing matches these filters.')).toBeTruthy();
    expect(screen.queryByText('This value should be on or after the From date.')).toBeNull();
    expect(calls.filter((c) => c.path === 'audit/get-entries').length).toBeGreaterThan(0);
  });
});
