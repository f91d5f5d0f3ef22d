import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { auth } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';

const passcodeSchema = z.object({ passcode: auth.passcode });
export type PasscodeValues = z.output<typeof passcodeSchema>;

export interface PasscodeFormProps {
  email: string;
  onSubmit: (values: PasscodeValues) => void;
  onBack: () => void;
  pending: boolean;
  error: unknown;
}

/** The second sign-in step for users with two-factor authentication on. */
export function PasscodeForm({ email, onSubmit, onBack, pending, error }: PasscodeFormProps) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof passcodeSchema>, unknown, PasscodeValues>({
    resolver: zodResolver(passcodeSchema),
    defaultValues: { passcode: '' },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Two-factor passcode">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the 6-digit code from your authenticator app for <b>{email}</b>.
        </Text>
        <FormErrors error={error} />
        <TextInput
          label="Passcode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          autoFocus
          error={formState.errors.passcode?.message}
          {...register('passcode')}
        />
        <Button type="submit" loading={pending} fullWidth size="md">
          Verify and sign in
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Use a different account
        </Anchor>
      </Stack>
    </form>
  );
}
