import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { messages, users } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { useViewerAccounts } from '../administered.ts';
import { useAddExistingUser } from '../api/add-existing-user.ts';
import { AccessLevelsInput } from '../components/AccessLevelsInput.tsx';
import { UsersAreaNav } from '../components/UsersAreaNav.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

const schema = users.addExistingUser.input;
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

/** users/add-existing-user: a portal user's email and an access level per administered account. */
export function AddExistingUserPage() {
  return (
    <UsersAreaPage title="Add Existing User" noPermission={messages.noPermissionAddUsers}>
      <AddExistingUserForm />
    </UsersAreaPage>
  );
}

function AddExistingUserForm() {
  const { administered } = useViewerAccounts();
  const mutation = useAddExistingUser();
  const { register, handleSubmit, control, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: {
      email_nm: '',
      accounts: administered.map((account) => ({ account_id: account.account_id, access_level: 0 })),
    },
  });
  const { errors } = formState;

  // The answer is the same whether or not the address has a portal user (it never says which):
  // the server's message tells the administrator what happens in either case.
  if (mutation.isSuccess) return <RedirectNotice to={paths.users()} message={mutation.data.message} />;

  return (
    <Stack gap="md">
      <UsersAreaNav />
      <Paper withBorder p="md" radius="md">
        <form onSubmit={handleSubmit((values) => mutation.mutate(values))} noValidate aria-label="Add existing user">
          <Stack gap="md">
            <FormErrors error={mutation.error} />
            <TextInput
              label="Email of the portal user"
              type="email"
              required
              autoComplete="off"
              error={errors.email_nm?.message}
              {...register('email_nm')}
            />
            <AccessLevelsInput control={control} accounts={administered} />
            <Text size="xs" c="dimmed">
              We send the person a link to accept the access. It applies once they accept; until then the invitation is
              listed under Pending invitations.
            </Text>
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
