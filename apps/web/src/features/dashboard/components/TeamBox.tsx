import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { contact } from '@portal/contract';
import type { ReactNode } from 'react';
import { useState } from 'react';

import { DeferredAccountSelect } from './DeferredAccountSelect.tsx';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { Placeholder } from '../../../components/ui/Skeletons.tsx';
import { UserAvatar } from '../../../components/ui/UserAvatar.tsx';
import { currentAccountId } from '../../../lib/session.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useTeam } from '../../contact/index.ts';
import { DashboardCard } from './DashboardCard.tsx';

/** tel: links keep only digits and a leading plus. */
const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;

/** Two stand-in members (a typical team) while the team loads. */
const placeholderMembers: contact.TeamMember[] = [1, 2].map((id) => ({
  team_member_id: -id,
  first_nm: 'Team',
  last_nm: 'Member',
  team_title: 'Account manager',
  email_nm: 'team.member@example.com',
  avatar: null,
  phones: [{ phone: '+1 555 000 0000' }],
}));

/** The members' grid: a list, or (placeholders) plain boxes. */
function MemberGrid({ children, list = true }: { children: ReactNode; list?: boolean }) {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2 }}
      spacing="md"
      component={list ? 'ul' : 'div'}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {children}
    </SimpleGrid>
  );
}

/** One member: avatar, name, title, address and phones. */
export function TeamMemberCard({ member, as = 'li' }: { member: contact.TeamMember; as?: 'li' | 'div' }) {
  const name = `${member.first_nm} ${member.last_nm}`;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component={as}>
      <UserAvatar src={member.avatar} name={name} size={48} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {member.team_title}
        </Text>
        {/* Stacked links, each at least 24 px tall: a target big enough to hit (WCAG 2.5.8). */}
        {/* A long address wraps anywhere rather than being cut with an ellipsis (issue 15). */}
        <Anchor href={`mailto:${member.email_nm}`} size="sm" lh="24px" style={{ overflowWrap: 'anywhere' }}>
          {member.email_nm}
        </Anchor>
        {member.phones.map(({ phone }) => (
          <Anchor key={phone} href={telHref(phone)} size="sm" lh="24px">
            {phone}
          </Anchor>
        ))}
      </Stack>
    </Group>
  );
}

/** The account team, with its own account dropdown (independent of the invoice box). */
export function TeamBox() {
  const session = useLoginData();
  const [accountId, setAccountId] = useState<number | null>(() => currentAccountId(session));
  const team = useTeam(accountId);

  return (
    <DashboardCard
      title="Your account team"
      testId="team-box"
      busy={accountId !== null && !team.error && team.isPending}
      control={
        <DeferredAccountSelect
          accounts={session.accounts}
          value={accountId}
          onChange={setAccountId}
          label="Team account"
        />
      }
    >
      {accountId === null ? (
        <EmptyState>No team is assigned to this account yet.</EmptyState>
      ) : team.error ? (
        <ErrorBox error={team.error} />
      ) : !team.data ? (
        <MemberGrid list={false}>
          {placeholderMembers.map((member) => (
            <Placeholder key={member.team_member_id}>
              <TeamMemberCard member={member} as="div" />
            </Placeholder>
          ))}
        </MemberGrid>
      ) : team.data.length === 0 ? (
        <EmptyState>No team is assigned to this account yet.</EmptyState>
      ) : (
        <MemberGrid>
          {team.data.map((member) => (
            <TeamMemberCard key={member.team_member_id} member={member} />
          ))}
        </MemberGrid>
      )}
    </DashboardCard>
  );
}
