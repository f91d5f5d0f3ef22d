import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { identity, messages } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { AccountSelect } from '../../../components/ui/AccountSelect.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useLoginData } from '../../../lib/use-session.ts';
import { useInviteUser } from '../api/invite-user.ts';

type Input = z.input<typeof identity.inviteUserInput>;
type Output = z.output<typeof identity.inviteUserInput>;

/**
 * users/invite-user: an account administrator invites someone by email; they create their own
 * portal user (and password) from the link, with access to the chosen account.
 */
export function InviteUserPage() {
  const { accounts } = useLoginData();
  const administered = accounts.filter((account) => account.is_account_admin);
  const mutation = useInviteUser();
  const { register, handleSubmit, control, formState, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(identity.inviteUserInput),
    defaultValues: {
      account_id: administered[0]?.account_id,
      email_nm: '',
      first_nm: '',
      last_nm: '',
      is_account_admin: false,
    },
  });
  const { errors } = formState;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Invite a User
      </Title>
      {administered.length === 0 ? (
        <Alert color="yellow" variant="light" role="alert">
          {messages.noPermissionAddUsers}
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="md" maw={720}>
          <form
            onSubmit={handleSubmit((values) =>
              mutation.mutate(values, {
                onSuccess: () => reset({ ...values, email_nm: '', first_nm: '', last_nm: '' }),
              }),
            )}
            noValidate
            aria-label="Invite a user"
          >
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                We email them a link to create their own portal user with access to the account. The link works once,
                for 7 days.
              </Text>
              {mutation.isSuccess ? (
                <Alert color="green" variant="light" role="status" data-testid="invitation-sent">
                  {identity.texts.invitationSent} ({mutation.data.email_nm})
                </Alert>
              ) : null}
              <FormErrors error={mutation.error} />
              <Controller
                control={control}
                name="account_id"
                render={({ field }) => (
                  <AccountSelect
                    accounts={administered}
                    value={Number(field.value) || null}
                    onChange={field.onChange}
                  />
                )}
              />
              <TextInput
                label="Email"
                type="email"
                required
                autoComplete="off"
                error={errors.email_nm?.message}
                {...register('email_nm')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="First name"
                  autoComplete="off"
                  error={errors.first_nm?.message}
                  {...register('first_nm')}
                />
                <TextInput
                  label="Last name"
                  autoComplete="off"
                  error={errors.last_nm?.message}
                  {...register('last_nm')}
                />
              </SimpleGrid>
              <Checkbox label="Make them an administrator of this account" {...register('is_account_admin')} />
              <Group justify="flex-end">
                <Button type="submit" loading={mutation.isPending}>
                  Send invitation
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
