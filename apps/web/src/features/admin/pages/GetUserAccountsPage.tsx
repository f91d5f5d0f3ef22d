import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLoaderData, useNavigate, useSearchParams } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoadUserAccounts } from '../api/get-user-accounts.ts';
import { useAdminUser } from '../api/get-user.ts';
import { portalReturnPath } from '../return-path.ts';

/**
 * admin/get-user-accounts/{userId}?url={path} (staff level 1+): the user's email and a button that
 * gives the staff member access to that user's accounts, then goes to the path (inside the portal).
 */
export function GetUserAccountsPage() {
  const userId = useLoaderData<number>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('url');
  const returnPath = portalReturnPath(requested) ?? paths.home();
  const user = useAdminUser(userId);
  const load = useLoadUserAccounts();

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Load User Accounts
      </Title>
      {user.error ? (
        <ErrorBox error={user.error} />
      ) : !user.data ? (
        <LoadingState />
      ) : (
        <Paper withBorder p="md" radius="md" maw={640}>
          <Stack gap="md">
            <Text>
              User:{' '}
              <Text span fw={600} data-testid="user-email">
                {user.data.email_nm}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              Loading this user&apos;s accounts gives you user access to each of them, then opens{' '}
              <Text span ff="monospace" size="sm">
                {returnPath}
              </Text>
              .
            </Text>
            {requested && requested !== returnPath && portalReturnPath(requested) === null && (
              <Alert color="yellow" variant="light">
                The requested page is not a page of the portal; you will go to the dashboard instead.
              </Alert>
            )}
            <FormErrors error={load.error} />
            <Group justify="flex-end">
              <Button
                loading={load.isPending}
                onClick={() => load.mutate(userId, { onSuccess: () => navigate(returnPath) })}
              >
                Load user&apos;s accounts
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
