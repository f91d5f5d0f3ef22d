import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useLoaderData } from 'react-router';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthFrame } from '../../auth/index.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useInvitation } from '../api/check-invitation.ts';
import { InvitationSummary, InvitationUnusable } from '../components/InvitationSummary.tsx';

/**
 * s/accept-invitation/{hash}: the link mailed to a person who already has a portal user when an
 * administrator invites them. Opening it changes nothing (mail scanners open links); the person
 * accepts with one click, and only then has the access (decision 084).
 */
export function AcceptInvitationPage() {
  const { hash } = useLoaderData<{ hash: string }>();
  const invitation = useInvitation(hash);
  const accept = useAcceptInvitation();

  return (
    <AuthFrame>
      <Stack gap="md">
        <Title order={1} size="h2">
          Invitation to the customer portal
        </Title>
        {accept.isSuccess ? (
          <Stack gap="sm">
            <Alert color="green" variant="light" role="status">
              {accept.data.message}
            </Alert>
            <InvitationSummary invitation={accept.data.data} />
            <Button component={Link} to={paths.login()}>
              Sign in
            </Button>
          </Stack>
        ) : invitation.isPending ? (
          <LoadingState label="Checking the invitation…" />
        ) : invitation.error ? (
          <InvitationUnusable error={invitation.error} />
        ) : (
          <Stack gap="sm">
            <InvitationSummary invitation={invitation.data} />
            {invitation.data.has_portal_user ? (
              <>
                <FormErrors error={accept.error} />
                <Button loading={accept.isPending} onClick={() => accept.mutate(hash)}>
                  Accept the invitation
                </Button>
              </>
            ) : (
              <Text size="sm">
                This invitation is for a new portal user: use the link in the invitation message to set your password.
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </AuthFrame>
  );
}
