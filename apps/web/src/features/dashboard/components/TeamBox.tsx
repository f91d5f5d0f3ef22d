import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { contact } from '@portal/contract';
import { useState } from 'react';

import { AccountSelect } from '../../../components/ui/AccountSelect.tsx';
import { PageStates } from '../../../components/ui/PageStates.tsx';
import { UserAvatar } from '../../../components/ui/UserAvatar.tsx';
import { currentAccountId } from '../../../lib/session.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useTeam } from '../../contact/api/get-team.ts';
import { DashboardCard } from './DashboardCard.tsx';

/** tel: links keep only digits and a leading plus. */
const telHref = (phone: string) => `tel:${phone.replace(/(?!^\+)[^\d]/g, '')}`;

function Member({ member }: { member: contact.TeamMember }) {
  const name = `${member.first_nm} ${member.last_nm}`;
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" component="li">
      <UserAvatar src={member.avatar} name={name} size={48} />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {member.team_title}
        </Text>
        {/* Stacked links, each at least 24 px tall: a target big enough to hit (WCAG 2.5.8). */}
        <Anchor href={`mailto:${member.email_nm}`} size="sm" lh="24px" truncate="end" title={member.email_nm}>
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
      control={
        <AccountSelect accounts={session.accounts} value={accountId} onChange={setAccountId} label="Team account" />
      }
    >
      <PageStates
        data={accountId === null ? [] : team.data}
        error={team.error}
        isPending={accountId !== null && team.isPending}
        isEmpty={(members) => members.length === 0}
        empty="No team is assigned to this account yet."
      >
        {(members) => (
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {members.map((member) => (
              <Member key={member.team_member_id} member={member} />
            ))}
          </SimpleGrid>
        )}
      </PageStates>
    </DashboardCard>
  );
}
