import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { auth } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';

const passcodeSchema = z.object({ passcode: auth.passcode });
const recoverySchema = z.object({ recovery_code: auth.recoveryCode });
/** The second step: a passcode from the app, or one of the user's recovery codes. */
export type PasscodeValues = z.output<typeof passcodeSchema> | z.output<typeof recoverySchema>;

export interface PasscodeFormProps {
  email: string;
  onSubmit: (values: PasscodeValues) => void;
  onBack: () => void;
  pending: boolean;
  error: unknown;
}

/** The second sign-in step for users with two-factor authentication on (or a recovery code instead). */
export function PasscodeForm(props: PasscodeFormProps) {
  const [recovery, setRecovery] = useState(false);
  return recovery ? (
    <RecoveryCodeForm {...props} onPasscode={() => setRecovery(false)} />
  ) : (
    <AppPasscodeForm {...props} onRecovery={() => setRecovery(true)} />
  );
}

function AppPasscodeForm({
  email,
  onSubmit,
  onBack,
  onRecovery,
  pending,
  error,
}: PasscodeFormProps & { onRecovery: () => void }) {
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof passcodeSchema>,
    unknown,
    z.output<typeof passcodeSchema>
  >({
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
        <Anchor component="button" type="button" size="sm" onClick={onRecovery} ta="center">
          Use a recovery code
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Use a different account
        </Anchor>
      </Stack>
    </form>
  );
}

function RecoveryCodeForm({
  email,
  onSubmit,
  onBack,
  onPasscode,
  pending,
  error,
}: PasscodeFormProps & { onPasscode: () => void }) {
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof recoverySchema>,
    unknown,
    z.output<typeof recoverySchema>
  >({
    resolver: zodResolver(recoverySchema),
    defaultValues: { recovery_code: '' },
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in with a recovery code">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter one of the recovery codes you saved for <b>{email}</b>. Each code works once.
        </Text>
        <FormErrors error={error} />
        <TextInput
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          autoFocus
          error={formState.errors.recovery_code?.message}
          {...register('recovery_code')}
        />
        <Button type="submit" loading={pending} fullWidth size="md">
          Sign in with the recovery code
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onPasscode} ta="center">
          Use the authenticator app
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Use a different account
        </Anchor>
      </Stack>
    </form>
  );
}
