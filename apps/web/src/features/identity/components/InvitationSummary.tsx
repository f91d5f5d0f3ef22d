import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import type { InvitationDetails } from '@portal/contract';
import { Link } from 'react-router';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';

/** The accounts an invitation grants, each with its level. */
export function InvitationSummary({ invitation }: { invitation: InvitationDetails }) {
  return (
    <Stack gap={4}>
      <Text size="sm">
        The invitation for <strong style={{ overflowWrap: 'anywhere' }}>{invitation.email_nm}</strong> gives access to:
      </Text>
      <List size="sm" spacing={2}>
        {invitation.accounts.map((account) => (
          <List.Item key={account.account_number}>
            {account.name} ({account.account_number}){account.is_account_admin ? ', as administrator' : ''}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** A link that cannot be used (spent, cancelled, expired, forged): said before any form is shown. */
export function InvitationUnusable({ error }: { error: unknown }) {
  return (
    <Stack gap="sm">
      <FormErrors error={error} />
      <Text size="sm">
        Already have a portal user?{' '}
        <Anchor component={Link} to={paths.login()} underline="always">
          Sign in
        </Anchor>
      </Text>
    </Stack>
  );
}

/** An invitation for someone who already has a portal user: they accept it instead of creating one. */
export function AcceptInsteadLink({ hash }: { hash: string }) {
  return (
    <Stack gap="sm">
      <Text size="sm">
        You already have a portal user with this address: accept the invitation to add the access to it.
      </Text>
      <Button component={Link} to={paths.acceptInvitation(hash)}>
        Accept the invitation
      </Button>
    </Stack>
  );
}
