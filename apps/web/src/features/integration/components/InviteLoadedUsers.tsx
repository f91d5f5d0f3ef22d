import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useInviteLoadedUsers } from '../api/invite-loaded-users.ts';

/**
 * The users feed loads users without mailing them unless an item asks (send_invitation): once the provider
 * is ready, staff invite every loaded user who never signed in from here (decision 124).
 */
export function InviteLoadedUsers() {
  const invite = useInviteLoadedUsers();
  const [asking, setAsking] = useState(false);
  const invited = invite.data?.invited;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Loaded users
      </Title>
      <Text size="sm" c="dimmed">
        Users the feed loaded are not mailed unless their item asks for it. Invite every loaded user who never signed
        in: each gets the message with which they choose a password. Users whose invitation still works are left out.
      </Text>
      <div>
        <Button variant="light" onClick={() => setAsking(true)} loading={invite.isPending}>
          Invite loaded users
        </Button>
      </div>
      {invited !== undefined && (
        <Alert color="green" variant="light" role="status" data-testid="users-invited">
          {invited === 1 ? '1 user invited.' : `${invited} users invited.`}
        </Alert>
      )}
      <FormErrors error={invite.error} />
      <ConfirmDialog
        opened={asking}
        title="Invite loaded users"
        confirmLabel="Send invitations"
        pending={invite.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => invite.mutate(undefined, { onSettled: () => setAsking(false) })}
      >
        Mail the set-password invitation to every loaded user who never signed in?
      </ConfirmDialog>
    </Stack>
  );
}
