import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, PasswordInput, Stack } from '@mantine/core';
import { profile } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { PersonFields } from '../../../components/ui/PersonFields.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

type Input = z.input<typeof profile.updateProfileInput>;
type Output = z.output<typeof profile.updateProfileInput>;

/** The profile tab: names and email, saved with the current password. */
export function ProfileForm({ current }: { current: profile.Profile }) {
  const mutation = useUpdateProfile();
  const { register, handleSubmit, formState, resetField } = useForm<Input, unknown, Output>({
    resolver: zodResolver(profile.updateProfileInput),
    defaultValues: { email_nm: current.email_nm, first_nm: current.first_nm, last_nm: current.last_nm, passwd: '' },
  });
  const { errors } = formState;
  const [notice, setNotice] = useState<string | null>(null);

  const onSubmit = (values: Output) => {
    const emailChanged = values.email_nm !== current.email_nm.toLowerCase();
    setNotice(null);
    mutation.mutate(values, {
      onSuccess: () =>
        setNotice(emailChanged ? profile.profileTexts.emailChanged : profile.profileTexts.profileUpdated),
      onSettled: () => resetField('passwd'),
    });
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Update profile">
      <Stack gap="md" maw={560}>
        {notice ? (
          <Alert color="green" variant="light" role="status" data-testid="profile-saved">
            {notice}
          </Alert>
        ) : null}
        <FormErrors error={mutation.error} />
        <PersonFields
          firstName={register('first_nm')}
          lastName={register('last_nm')}
          email={register('email_nm')}
          errors={{
            firstName: errors.first_nm?.message,
            lastName: errors.last_nm?.message,
            email: errors.email_nm?.message,
          }}
        />
        <PasswordInput
          label="Current password"
          description="Needed to save changes to your profile."
          required
          autoComplete="current-password"
          error={errors.passwd?.message}
          {...register('passwd')}
        />
        <FormActions submit="Save profile" pending={mutation.isPending} />
      </Stack>
    </form>
  );
}
