import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { messages, users, type PortalUser } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import { z } from 'zod';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useViewerAccounts } from '../administered.ts';
import { useUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import type { ReadOnlyAccess } from '../components/AccessLevelsField.tsx';
import { AccessLevelsInput } from '../components/AccessLevelsInput.tsx';
import { FailedUserLoad } from '../components/FailedUserLoad.tsx';
import { UsersAreaNav } from '../components/UsersAreaNav.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

const schema = z.object({ accounts: users.accountAccessList });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** users/edit-user/{userId}: the user's access level per administered account; others read-only. */
export function EditUserPage() {
  const userId = useLoaderData<number>();
  return (
    <UsersAreaPage title="Edit User" noPermission={messages.noPermissionEditUser}>
      <EditUser userId={userId} />
    </UsersAreaPage>
  );
}

function EditUser({ userId }: { userId: number }) {
  const query = useUser(userId);
  if (query.error) return <FailedUserLoad error={query.error} />;
  if (!query.data) return <LoadingState />;
  return <EditUserForm user={query.data} />;
}

const levelOf = (user: PortalUser, accountId: number) => {
  const membership = user.accounts_users.find((m) => m.account_id === accountId);
  return membership ? (membership.is_account_admin ? 2 : 1) : 0;
};

function EditUserForm({ user }: { user: PortalUser }) {
  const { administered, all } = useViewerAccounts();
  const { user: viewer } = useLoginData();
  const mutation = useUpdateUser();
  const readOnly: ReadOnlyAccess[] = all
    .filter((account) => !account.is_account_admin && levelOf(user, account.account_id) > 0)
    .map((account) => ({ account, level: levelOf(user, account.account_id) }));
  const { handleSubmit, control } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      accounts: administered.map((account) => ({
        account_id: account.account_id,
        access_level: levelOf(user, account.account_id),
      })),
    },
  });

  if (mutation.isSuccess) {
    return <RedirectNotice to={paths.users()} message={`The access of ${user.email_nm} was saved.`} />;
  }

  return (
    <Stack gap="md">
      <UsersAreaNav />
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={handleSubmit((values) => mutation.mutate({ userId: user.user_id, accounts: values.accounts }))}
          noValidate
          aria-label="Edit user"
        >
          <Stack gap="md">
            <div>
              <Text fw={600}>
                {user.first_nm} {user.last_nm}
              </Text>
              <Text size="sm" c="dimmed">
                {user.email_nm}
              </Text>
            </div>
            {user.user_id === viewer.user_id && (
              <Alert color="blue" variant="light">
                You are editing your own access. You can lower it, but not raise it, and every account keeps at least
                one administrator.
              </Alert>
            )}
            <FormErrors error={mutation.error} />
            <AccessLevelsInput control={control} accounts={administered} readOnly={readOnly} />
            <FormActions submit="Save" pending={mutation.isPending} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
