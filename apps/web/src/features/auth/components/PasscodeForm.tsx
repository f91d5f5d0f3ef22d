import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { auth } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';

/** The second step: a passcode from the app, or one of the user's recovery codes. */
export type PasscodeValues = { passcode: string } | { recovery_code: string };

export interface PasscodeFormProps {
  email: string;
  onSubmit: (values: PasscodeValues) => void;
  onBack: () => void;
  pending: boolean;
  error: unknown;
}

/** The two ways through the second step: what each asks for, and how its code is sent. */
const steps = {
  passcode: {
    field: 'passcode',
    schema: z.object({ passcode: auth.passcode }),
    formLabel: 'Two-factor passcode',
    intro: (email: string) => (
      <>
        Enter the 6-digit code from your authenticator app for <b>{email}</b>.
      </>
    ),
    input: { label: 'Passcode', inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 },
    submit: 'Verify and sign in',
    other: 'Use a recovery code',
  },
  recovery: {
    field: 'recovery_code',
    schema: z.object({ recovery_code: auth.recoveryCode }),
    formLabel: 'Sign in with a recovery code',
    intro: (email: string) => (
      <>
        Enter one of the recovery codes you saved for <b>{email}</b>. Each code works once.
      </>
    ),
    input: { label: 'Recovery code', autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false },
    submit: 'Sign in with the recovery code',
    other: 'Use the authenticator app',
  },
} as const;

/** The second sign-in step for users with two-factor authentication on (or a recovery code instead). */
export function PasscodeForm(props: PasscodeFormProps) {
  const [mode, setMode] = useState<keyof typeof steps>('passcode');
  // A form of its own per way (key), so switching starts from an empty field.
  return (
    <SecondFactorStep
      key={mode}
      {...props}
      step={steps[mode]}
      onOther={() => setMode(mode === 'passcode' ? 'recovery' : 'passcode')}
    />
  );
}

function SecondFactorStep({
  email,
  onSubmit,
  onBack,
  onOther,
  pending,
  error,
  step,
}: PasscodeFormProps & { step: (typeof steps)[keyof typeof steps]; onOther: () => void }) {
  const { register, handleSubmit, formState } = useForm<Record<string, string>>({
    resolver: zodResolver(step.schema as z.ZodType<Record<string, string>, Record<string, string>>),
    defaultValues: { [step.field]: '' },
  });

  return (
    <form
      onSubmit={handleSubmit((values) => onSubmit(values as PasscodeValues))}
      noValidate
      aria-label={step.formLabel}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {step.intro(email)}
        </Text>
        <FormErrors error={error} />
        <TextInput
          {...step.input}
          required
          autoFocus
          error={formState.errors[step.field]?.message}
          {...register(step.field)}
        />
        <Button type="submit" loading={pending} fullWidth size="md">
          {step.submit}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onOther} ta="center">
          {step.other}
        </Anchor>
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          Use a different account
        </Anchor>
      </Stack>
    </form>
  );
}
