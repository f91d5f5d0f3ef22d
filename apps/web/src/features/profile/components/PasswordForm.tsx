import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, PasswordInput, Stack } from '@mantine/core';
import { checkPasswordPolicy, passwordMessages, profile } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useUpdatePassword } from '../api/update-password.ts';

type Input = z.input<typeof profile.updatePasswordInput>;
type Output = z.output<typeof profile.updatePasswordInput>;

/** The password tab: current, new and confirm. Other sessions end; this one goes on. */
export function PasswordForm({ email }: { email: string }) {
  const mutation = useUpdatePassword();
  const { register, handleSubmit, formState, reset, setError } = useForm<Input, unknown, Output>({
    resolver: zodResolver(profile.updatePasswordInput),
    defaultValues: { current_password: '', passwd: '', confirm: '' },
  });
  const { errors } = formState;

  const onSubmit = (values: Output) => {
    // The contract's input has no email: check "not the email" here, as the server will.
    const emailProblem = checkPasswordPolicy(values.passwd, email).find((m) => m === passwordMessages.email);
    if (emailProblem) return setError('passwd', { message: emailProblem });
    mutation.mutate(values, { onSuccess: () => reset() });
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Change password">
      <Stack gap="md" maw={560}>
        {mutation.isSuccess ? (
          <Alert color="green" variant="light" role="status" data-testid="password-saved">
            {profile.profileTexts.passwordUpdated}
          </Alert>
        ) : null}
        <FormErrors error={mutation.error} />
        <PasswordInput
          label="Current password"
          required
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          description={passwordMessages.hint}
          error={errors.passwd?.message}
          {...register('passwd')}
        />
        <PasswordInput
          label="Confirm new password"
          required
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...register('confirm')}
        />
        <FormActions submit="Change password" pending={mutation.isPending} />
      </Stack>
    </form>
  );
}
