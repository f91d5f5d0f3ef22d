import type { InvitationRun } from '@portal/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { serveApi } from '../../../test/api.ts';
import { renderAt } from '../../../test/render.tsx';
import { InviteLoadedUsers, runText } from './InviteLoadedUsers.tsx';

afterEach(cleanup);

const run = (sent: number, failed = 0, total = 3): InvitationRun => ({
  id: 7,
  requested_at: 1_800_000_000,
  total,
  sent,
  failed,
  pending: total - sent - failed,
  finished_at: sent + failed === total ? 1_800_000_010 : null,
});

describe('runText', () => {
  it('says what a run has done, under way and done', () => {
    expect(runText(run(1))).toBe('Inviting 3 users: 1 sent.');
    expect(runText(run(3))).toBe('3 users invited.');
    expect(runText(run(1, 0, 1))).toBe('1 user invited.');
    expect(runText(run(2, 1))).toBe('2 users invited. 1 could not be mailed.');
  });
});

describe('InviteLoadedUsers', () => {
  it('queues the users, then follows the worker with a progress bar until every one is mailed', async () => {
    const progress = [run(1), run(3)];
    let started = false;
    const sent = serveApi({
      'GET integration/invite-loaded-users/latest': () => ({ data: started ? (progress.shift() ?? run(3)) : null }),
      'POST integration/invite-loaded-users': () => {
        started = true;
        return { data: { invited: 3, run: run(0) } };
      },
    });
    renderAt('/admin/integration', <InviteLoadedUsers />);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite loaded users' }));
    fireEvent.click(await within(screen.getByTestId('confirm-dialog')).findByText('Send invitations'));
    expect((await screen.findByText('Inviting 3 users: 0 sent.')).textContent).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Invitations sent' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Invite loaded users' }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('Inviting 3 users: 1 sent.', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByText('3 users invited.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(sent.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{}]);
  });

  it('says so when no one is left to invite', async () => {
    serveApi({
      'GET integration/invite-loaded-users/latest': { data: run(3) },
      'POST integration/invite-loaded-users': { data: { invited: 0, run: null } },
    });
    renderAt('/admin/integration', <InviteLoadedUsers />);
    expect(await screen.findByText('3 users invited.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Invite loaded users' }));
    fireEvent.click(await within(screen.getByTestId('confirm-dialog')).findByText('Send invitations'));
    expect(
      await screen.findByText(
        'No one to invite: every loaded user has signed in or holds an invitation that still works.',
      ),
    ).toBeTruthy();
  });
});
