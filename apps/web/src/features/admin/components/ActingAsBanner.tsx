import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { readActingState, returnToOwnAccount } from '../acting-as.ts';

const afterReturn = { ok: paths.adminLoginAsUser(), failed: paths.login('user-data'), session: paths.login('session') };

/**
 * Shown on every page while a staff member is signed in as a customer, with the way back to
 * the staff member's own session (or sign-out, when this tab no longer holds it).
 */
export function ActingAsBanner() {
  const { user } = useLoginData();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const state = readActingState();
  if (!state) return null;

  const goBack = async () => {
    setPending(true);
    navigate(afterReturn[await returnToOwnAccount()]);
    setPending(false);
  };

  return (
    <Alert
      color="orange"
      variant="filled"
      radius="sm"
      py={8}
      mb="md"
      maw={1280}
      mx="auto"
      role="status"
      aria-live="polite"
      data-testid="acting-as-banner"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          You are signed in as {user.first_nm} {user.last_nm} ({user.email_nm})
          {state.saved ? `, from your staff account ${state.saved.staffEmail}` : ''}.
        </Text>
        {state.saved ? (
          <Button size="xs" variant="white" color="orange" loading={pending} onClick={goBack}>
            Return to my account
          </Button>
        ) : (
          <Button size="xs" variant="white" color="orange" onClick={() => navigate(paths.logout())}>
            Sign out
          </Button>
        )}
      </Group>
    </Alert>
  );
}
