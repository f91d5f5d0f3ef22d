import { MantineProvider } from '@mantine/core';
import type { contact } from '@portal/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { theme } from '../../../app/theme.ts';
import { TeamMemberCard } from './TeamBox.tsx';

afterEach(cleanup);

// 60 characters: longer than a team box column is wide on a phone or a two-column desktop grid.
const longAddress = 'alexandra.konstantinopoulou-whitfield@enterprise-example.com';

const member: contact.TeamMember = {
  team_member_id: 7,
  first_nm: 'Alexandra',
  last_nm: 'Whitfield',
  team_title: 'Account Manager',
  email_nm: longAddress,
  avatar: null,
  phones: [{ phone: '+1 (469) 555-0101' }],
};

describe('TeamMemberCard', () => {
  it('shows a 60-character address in full, wrapping anywhere instead of cutting it with an ellipsis', () => {
    expect(longAddress).toHaveLength(60);
    render(
      <MantineProvider theme={theme}>
        <ul>
          <TeamMemberCard member={member} />
        </ul>
      </MantineProvider>,
    );
    const link = screen.getByRole('link', { name: longAddress });
    expect(link.getAttribute('href')).toBe(`mailto:${longAddress}`);
    expect(link.textContent).toBe(longAddress);
    // Mantine's truncate sets data-truncate (one line, hidden overflow, ellipsis); the address has none.
    expect(link.hasAttribute('data-truncate')).toBe(false);
    const style = getComputedStyle(link);
    expect(style.overflowWrap).toBe('anywhere');
    expect(style.textOverflow).not.toBe('ellipsis');
    expect(style.whiteSpace).not.toBe('nowrap');
  });
});
