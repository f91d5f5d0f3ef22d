import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { identity } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link, useLoaderData } from 'react-router';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthFrame } from '../../auth/index.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields.tsx';

const schema = identity.resetPasswordInput;

/** login/reset/{resetKey}/{email}: a new password and its confirmation; then login after 3 s. */
export function ResetPasswordPage() {
  const { resetKey, email } = useLoaderData<{ resetKey: string; email: string }>();
  const mutation = useResetPassword();
  const { register, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { reset_key: resetKey, email_nm: email, passwd: '', confirm: '' },
  });
  const { errors } = formState;

  return (
    <AuthFrame>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Choose a new password
          </Title>
          <Text size="sm" c="dimmed">
            For {email}
          </Text>
        </div>
        {mutation.isSuccess ? (
          <RedirectNotice message={mutation.data.message} to={paths.login()} />
        ) : (
          <form onSubmit={handleSubmit((values) => mutation.mutate(values))} noValidate aria-label="Reset password">
            <Stack gap="md">
              <FormErrors error={mutation.error} />
              <NewPasswordFields
                autoFocus
                password={register('passwd')}
                confirm={register('confirm')}
                passwordError={errors.passwd?.message}
                confirmError={errors.confirm?.message}
              />
              <Button type="submit" loading={mutation.isPending} fullWidth>
                Set new password
              </Button>
              {mutation.error ? (
                <Anchor component={Link} to={paths.forgotPassword()} size="sm">
                  Ask for a new reset link
                </Anchor>
              ) : null}
            </Stack>
          </form>
        )}
      </Stack>
    </AuthFrame>
  );
}
