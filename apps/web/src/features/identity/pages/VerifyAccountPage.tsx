import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, Title } from '@mantine/core';
import { identity } from '@portal/contract';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLoaderData } from 'react-router';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthFrame } from '../../auth/index.ts';
import { useVerifyEmailAndSetPassword } from '../api/verify-email-and-set-password.ts';
import { CaptchaField } from '../components/CaptchaField.tsx';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields.tsx';

const schema = identity.verifyEmailAndSetPasswordInput;

/** login/verify-account/{userId}/{hash}: invited users set their password (with the captcha); then login after 3 s. */
export function VerifyAccountPage() {
  const { userId, hash } = useLoaderData<{ userId: number; hash: string }>();
  const mutation = useVerifyEmailAndSetPassword();
  const [captchaKey, setCaptchaKey] = useState(0);
  const { register, handleSubmit, control, formState, setValue } = useForm<
    z.input<typeof schema>,
    unknown,
    z.output<typeof schema>
  >({
    resolver: zodResolver(schema),
    defaultValues: { userId, hash, passwd: '', confirm: '', g_recaptcha_response: '' },
  });
  const { errors } = formState;

  const onSubmit = (values: z.output<typeof schema>) =>
    mutation.mutate(values, {
      onError: () => {
        // The captcha answer was spent: get a new one.
        setValue('g_recaptcha_response', '');
        setCaptchaKey((key) => key + 1);
      },
    });

  return (
    <AuthFrame>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Verify your account
          </Title>
          <Text size="sm" c="dimmed">
            Choose the password of your portal user to finish setting it up.
          </Text>
        </div>
        {mutation.isSuccess ? (
          <RedirectNotice message={mutation.data.message} to={paths.login()} />
        ) : (
          <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Verify account">
            <Stack gap="md">
              <FormErrors error={mutation.error} />
              <NewPasswordFields
                autoFocus
                password={register('passwd')}
                confirm={register('confirm')}
                passwordError={errors.passwd?.message}
                confirmError={errors.confirm?.message}
              />
              <Controller
                control={control}
                name="g_recaptcha_response"
                render={({ field, fieldState }) => (
                  <CaptchaField onChange={field.onChange} error={fieldState.error?.message} resetKey={captchaKey} />
                )}
              />
              <Button type="submit" loading={mutation.isPending} fullWidth>
                Verify and set password
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </AuthFrame>
  );
}
