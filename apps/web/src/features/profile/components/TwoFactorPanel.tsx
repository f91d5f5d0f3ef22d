import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Code, Group, Image, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { auth, passwordAttempt, profile } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useActivateTwoFactor } from '../api/activate-two-factor.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useGetTwoFactorSecret } from '../api/get-two-factor-secret.ts';
import { NewRecoveryCodesForm, RecoveryCodesList } from './RecoveryCodes.tsx';

const passcodeSchema = z.object({ passcode: auth.passcode });
const disableSchema = z.object({ currentPassword: passwordAttempt });

/**
 * The two-factor tab. Off: get started → secret key and QR image → enable with a passcode.
 * On: the recovery codes just made (shown once), new ones with the password, turn off with the password.
 */
export function TwoFactorPanel({ enabled }: { enabled: boolean }) {
  const [justEnabled, setJustEnabled] = useState(false);
  const [justDisabled, setJustDisabled] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <Stack gap="md" maw={560} data-testid="two-factor">
      <Group gap="xs">
        <Text fw={600}>Two-factor authentication</Text>
        <Badge color={enabled ? 'green' : 'gray'} data-testid="two-factor-state">
          {enabled ? 'On' : 'Off'}
        </Badge>
      </Group>
      {codes ? <RecoveryCodesList codes={codes} /> : null}
      {enabled ? (
        <>
          {justEnabled ? (
            <Alert color="green" variant="light" role="status" data-testid="two-factor-enabled">
              {profile.profileTexts.twoFactorEnabled}
            </Alert>
          ) : null}
          <NewRecoveryCodesForm onCreated={setCodes} />
          <DisableForm
            onDone={() => {
              setCodes(null);
              setJustEnabled(false);
              setJustDisabled(true);
            }}
          />
        </>
      ) : (
        <>
          {justDisabled ? (
            <Alert color="blue" variant="light" role="status">
              {profile.profileTexts.twoFactorDisabled}
            </Alert>
          ) : null}
          <GetStarted
            onEnabled={(recoveryCodes) => {
              setCodes(recoveryCodes);
              setJustDisabled(false);
              setJustEnabled(true);
            }}
          />
        </>
      )}
    </Stack>
  );
}

function GetStarted({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const secret = useGetTwoFactorSecret();
  if (!secret.data) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          Protect your portal user with a second step at sign-in: a 6-digit code from an authenticator app on your phone
          (Google Authenticator, Microsoft Authenticator, 1Password…).
        </Text>
        <FormErrors error={secret.error} />
        <Group>
          <Button onClick={() => secret.mutate()} loading={secret.isPending}>
            Get started
          </Button>
        </Group>
      </Stack>
    );
  }
  return <EnableForm secretKey={secret.data.key} qr={secret.data.qr} onEnabled={onEnabled} />;
}

function EnableForm({
  secretKey,
  qr,
  onEnabled,
}: {
  secretKey: string;
  qr: string;
  onEnabled: (recoveryCodes: string[]) => void;
}) {
  const activate = useActivateTwoFactor();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof passcodeSchema>,
    unknown,
    z.output<typeof passcodeSchema>
  >({
    resolver: zodResolver(passcodeSchema),
    defaultValues: { passcode: '' },
  });
  return (
    <Stack gap="sm">
      <Text size="sm">1. Scan this QR code with your authenticator app, or type the key into it.</Text>
      <Group align="center" gap="lg" wrap="wrap">
        <Image src={qr} alt="QR code of the two-factor secret key" w={180} h={180} radius="sm" />
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Secret key
          </Text>
          <Code fz="sm" data-testid="two-factor-key" style={{ wordBreak: 'break-all' }}>
            {secretKey}
          </Code>
        </Stack>
      </Group>
      <form
        onSubmit={handleSubmit((values) =>
          activate.mutate({ ...values, secretKey }, { onSuccess: (data) => onEnabled(data.recovery_codes) }),
        )}
        noValidate
        aria-label="Enable two-factor authentication"
      >
        <Stack gap="sm">
          <Text size="sm">2. Enter the 6-digit code the app shows.</Text>
          <FormErrors error={activate.error} />
          <TextInput
            label="Passcode"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            w={200}
            error={formState.errors.passcode?.message}
            {...register('passcode')}
          />
          <Group>
            <Button type="submit" loading={activate.isPending}>
              Enable two-factor
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function DisableForm({ onDone }: { onDone: () => void }) {
  const disable = useDisableTwoFactor();
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof disableSchema>,
    unknown,
    z.output<typeof disableSchema>
  >({
    resolver: zodResolver(disableSchema),
    defaultValues: { currentPassword: '' },
  });
  return (
    <form
      onSubmit={handleSubmit((values) => disable.mutate(values, { onSuccess: onDone }))}
      noValidate
      aria-label="Disable two-factor authentication"
    >
      <Stack gap="sm">
        <Text size="sm">
          Sign-in asks for a code from your authenticator app. To turn this off, enter your current password.
        </Text>
        <FormErrors error={disable.error} />
        <PasswordInput
          label="Current password"
          required
          autoComplete="current-password"
          w={320}
          maw="100%"
          error={formState.errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <Group>
          <Button type="submit" color="red" variant="light" loading={disable.isPending}>
            Turn off two-factor
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
