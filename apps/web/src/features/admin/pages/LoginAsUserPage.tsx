import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { admin } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { startActingAs } from '../acting-as.ts';
import { getTokenAsUser } from '../api/get-token-as-user.ts';
import { getUserByEmail } from '../api/get-user-by-email.ts';

/** The email finds the user; the reason goes into the audit log of the user's accounts. */
const schema = admin.getUserByEmail.input.extend({ reason: admin.getTokenAsUser.input.shape.reason });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const destination = { ok: paths.home(), failed: paths.login('user-data'), session: paths.login('session') } as const;

/**
 * admin/login-as-user (staff level 3+): finds the customer by email, takes a token as them (the
 * server records it) and switches this tab to their session; the banner leads back.
 */
export function LoginAsUserPage() {
  const { user: staff } = useLoginData();
  const navigate = useNavigate();
  const signIn = useMutation({
    mutationFn: async ({ email, reason }: Output) => {
      const user = await getUserByEmail(email);
      const token = await getTokenAsUser(user.user_id, reason);
      return startActingAs(token, { staffEmail: staff.email_nm, userEmail: user.email_nm });
    },
    onSuccess: (result) => navigate(destination[result]),
  });
  const { register, handleSubmit, formState } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', reason: '' },
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Login as User
      </Title>
      <Paper withBorder p="md" radius="md" maw={560}>
        <form onSubmit={handleSubmit((values) => signIn.mutate(values))} noValidate aria-label="Login as user">
          <Stack gap="md">
            <Text size="sm">
              You will see the portal as this customer sees it. Every sign-in as a user is recorded with your name and
              reason, and the customer&apos;s administrators see it in their audit log. A banner at the top of each page
              leads back to your own account.
            </Text>
            <FormErrors error={signIn.error} />
            <TextInput
              label="Email of the user"
              type="email"
              required
              autoComplete="off"
              error={formState.errors.email?.message}
              {...register('email')}
            />
            <Textarea
              label="Reason"
              description="Why you sign in as this user (a ticket number, the customer's request). Their administrators see it."
              required
              autosize
              minRows={2}
              error={formState.errors.reason?.message}
              {...register('reason')}
            />
            <Group justify="space-between">
              <Anchor component={Link} to={paths.adminLoginAsUserAudit()} size="sm">
                Sign-in record
              </Anchor>
              <Button type="submit" loading={signIn.isPending}>
                Login as user
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
