import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { messages, type PortalUser } from '@portal/contract';
import { Link, useLoaderData } from 'react-router';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useViewerAccounts } from '../administered.ts';
import { useDeleteUser } from '../api/delete-user.ts';
import { useUser } from '../api/get-user.ts';
import { FailedUserLoad } from '../components/FailedUserLoad.tsx';
import { UsersAreaNav } from '../components/UsersAreaNav.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

/** The API's refusal (users.service.ts), said before the user tries. */
const deleteSelfMessage = 'You cannot delete your own portal user. Use Accounts to remove accounts from your access.';

/** users/delete-user/{userId}: removes the user from the accounts the viewer administers. */
export function DeleteUserPage() {
  const { userId } = useLoaderData<{ userId: number | null }>();
  return (
    <UsersAreaPage title="Delete User" noPermission={messages.noPermissionDeleteUsers}>
      {userId === null ? <FailedUserLoad message={messages.userIdInvalid} /> : <DeleteUser userId={userId} />}
    </UsersAreaPage>
  );
}

function DeleteUser({ userId }: { userId: number }) {
  const query = useUser(userId);
  const mutation = useDeleteUser();
  const me = useLoginData().user.user_id;
  if (userId === me) return <FailedUserLoad message={deleteSelfMessage} />;
  if (mutation.isSuccess && query.data) {
    return <RedirectNotice to={paths.users()} message={`${query.data.email_nm} was removed from your accounts.`} />;
  }
  if (query.error) return <FailedUserLoad error={query.error} />;
  if (!query.data) return <LoadingState />;
  return <ConfirmDelete user={query.data} mutation={mutation} />;
}

function ConfirmDelete({ user, mutation }: { user: PortalUser; mutation: ReturnType<typeof useDeleteUser> }) {
  const { administered } = useViewerAccounts();
  const affected = administered.filter((account) =>
    user.accounts_users.some((m) => m.account_id === account.account_id),
  );

  return (
    <Stack gap="md">
      <UsersAreaNav />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Text>
            Remove{' '}
            <Text span fw={600}>
              {user.first_nm} {user.last_nm} ({user.email_nm})
            </Text>{' '}
            from {affected.length === 1 ? 'this account' : 'these accounts'}?
          </Text>
          <Stack gap={2} component="ul" m={0} pl="lg">
            {affected.map((account) => (
              <Text component="li" size="sm" key={account.account_id}>
                {account.name} ({account.account_number})
              </Text>
            ))}
          </Stack>
          <Text size="sm" c="dimmed">
            The user keeps their portal sign-in and any access to accounts you do not administer.
          </Text>
          <FormErrors error={mutation.error} />
          <Group justify="flex-end">
            <Button component={Link} to={paths.users()} variant="default">
              Cancel
            </Button>
            <Button color="red" loading={mutation.isPending} onClick={() => mutation.mutate(user.user_id)}>
              Delete user
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
