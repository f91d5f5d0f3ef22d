import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Themed } from '../../../test/render.tsx';
import { testAccount } from '../../../test/session.ts';
import { AccessLevelsField } from './AccessLevelsField.tsx';

afterEach(cleanup);

const hq = testAccount(10, 'Acme HQ');
const lab = testAccount(11, 'Acme Lab');
const branch = testAccount(12, 'Acme Branch');

describe('AccessLevelsField (the access table of the users area)', () => {
  it('shows one row of Admin, User and None per administered account, checked as given', () => {
    render(
      <Themed>
        <AccessLevelsField
          accounts={[hq, lab]}
          value={[
            { account_id: 10, access_level: 2 },
            { account_id: 11, access_level: 0 },
          ]}
          onChange={vi.fn()}
        />
      </Themed>,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Account', 'Admin', 'User', 'None']);
    expect((screen.getByRole('radio', { name: 'Admin access to Acme HQ (100010)' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole('radio', { name: 'None access to Acme Lab (100011)' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('gives back every account with the one level changed', () => {
    const onChange = vi.fn();
    render(
      <Themed>
        <AccessLevelsField accounts={[hq, lab]} value={[{ account_id: 10, access_level: 2 }]} onChange={onChange} />
      </Themed>,
    );
    fireEvent.click(screen.getByRole('radio', { name: 'User access to Acme Lab (100011)' }));
    expect(onChange).toHaveBeenCalledWith([
      { account_id: 10, access_level: 2 },
      { account_id: 11, access_level: 1 },
    ]);
  });

  it('shows accounts the viewer does not administer read only, and the field error', () => {
    render(
      <Themed>
        <AccessLevelsField
          accounts={[hq]}
          value={[]}
          onChange={vi.fn()}
          readOnly={[{ account: branch, level: 1 }]}
          error="This user must have access to at least one account."
        />
      </Themed>,
    );
    const row = screen.getByTestId('access-100012');
    expect(row.textContent).toContain('you do not administer this account');
    const user = within(row).getByRole('radio', { name: 'User access to Acme Branch (100012), read only' });
    expect((user as HTMLInputElement).checked).toBe(true);
    expect((user as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('This user must have access to at least one account.');
  });
});
