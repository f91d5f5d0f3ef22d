import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { PageStates } from '../../../components/ui/PageStates.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { AuthFrame } from '../../auth/index.ts';
import { useSignupAccess } from '../api/get-signup-access.ts';
import { useRevokeSignupAccess } from '../api/revoke-signup-access.ts';

/**
 * login/revoke-access/{key}: the link mailed to an account's administrators when someone signs up
 * with one of its invoices. Opening it changes nothing (mail scanners open links); one click removes
 * the access.
 */
export function RevokeSignupAccessPage() {
  const { key } = useLoaderData<{ key: string }>();
  const grant = useSignupAccess(key);
  const revoke = useRevokeSignupAccess(key);

  return (
    <AuthFrame>
      <Stack gap="md">
        <Title order={1} size="h2">
          New user on your account
        </Title>
        <PageStates data={grant.data} error={grant.error} isPending={grant.isPending} loadingLabel="Loading…">
          {(g) => (
            <Stack gap="sm">
              <Text>
                {g.first_nm} {g.last_nm} ({g.email_nm}) created a portal user with an invoice number of account{' '}
                {g.account_number} ({g.account_name}) on {formatDateTime(g.created_at)}.
              </Text>
              {revoke.isSuccess ? (
                <Alert color="green" variant="light" role="status">
                  {revoke.data.message}
                </Alert>
              ) : g.revoked_at !== null ? (
                <Alert color="gray" variant="light" role="status">
                  Their access was removed on {formatDateTime(g.revoked_at)}.
                </Alert>
              ) : (
                <>
                  <Text size="sm">If you do not know them, remove their access to this account.</Text>
                  <FormErrors error={revoke.error} />
                  <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                    Remove their access
                  </Button>
                </>
              )}
            </Stack>
          )}
        </PageStates>
      </Stack>
    </AuthFrame>
  );
}
