import { Alert, Button, Progress, Stack, Text, Title } from '@mantine/core';
import type { InvitationRun } from '@portal/contract';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useInvitationRun } from '../api/get-invitation-run.ts';
import { useInviteLoadedUsers } from '../api/invite-loaded-users.ts';

const users = (n: number) => (n === 1 ? '1 user' : `${n} users`);

/** What a run has done: under way, "Inviting 12 users: 5 sent."; done, "12 users invited." and any failures. */
export function runText(run: InvitationRun): string {
  const failed = run.failed ? ` ${run.failed} could not be mailed.` : '';
  if (run.pending > 0) return `Inviting ${users(run.total)}: ${run.sent} sent.${failed}`;
  return `${users(run.sent)} invited.${failed}`;
}

/**
 * The users feed loads users without mailing them unless an item asks (send_invitation): once the provider
 * is ready, staff invite every loaded user who never signed in from here (decision 124). The call queues
 * them; the worker mails them and this follows its progress (decision 131).
 */
export function InviteLoadedUsers() {
  const invite = useInviteLoadedUsers();
  const run = useInvitationRun();
  const [asking, setAsking] = useState(false);
  const latest = run.data;
  // Pressed with no one left to invite: that answer, not the previous run.
  const noOne = invite.data?.invited === 0;
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
        <Button
          variant="light"
          onClick={() => setAsking(true)}
          loading={invite.isPending}
          disabled={(latest?.pending ?? 0) > 0}
        >
          Invite loaded users
        </Button>
      </div>
      {noOne ? (
        <Alert color="gray" variant="light" role="status" data-testid="users-invited">
          No one to invite: every loaded user has signed in or holds an invitation that still works.
        </Alert>
      ) : (
        latest && (
          <Alert
            color={latest.pending > 0 ? 'blue' : latest.failed ? 'yellow' : 'green'}
            variant="light"
            role="status"
            data-testid="users-invited"
            data-pending={latest.pending}
          >
            <Stack gap={6}>
              <span>{runText(latest)}</span>
              {latest.pending > 0 && (
                <Progress
                  value={(100 * (latest.sent + latest.failed)) / Math.max(1, latest.total)}
                  aria-label="Invitations sent"
                />
              )}
            </Stack>
          </Alert>
        )
      )}
      <FormErrors error={invite.error ?? run.error} />
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
