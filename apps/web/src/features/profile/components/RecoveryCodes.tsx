import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Code, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { passwordAttempt, profile } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useCreateRecoveryCodes } from '../api/create-recovery-codes.ts';

const newCodesSchema = z.object({ currentPassword: passwordAttempt });

/** The ten recovery codes, shown once (after turning two-factor on, or after asking for new ones). */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <Alert color="yellow" variant="light" title="Your recovery codes" data-testid="recovery-codes">
      <Stack gap="xs">
        <Text size="sm">
          Keep these codes somewhere safe: each signs you in once if you cannot use your authenticator app. They are
          shown only now.
        </Text>
        <SimpleGrid cols={2} spacing="xs" maw={320}>
          {codes.map((code) => (
            <Code key={code} fz="sm" data-testid="recovery-code">
              {code}
            </Code>
          ))}
        </SimpleGrid>
      </Stack>
    </Alert>
  );
}

/** Asks for a new set of recovery codes with the current password; answers the codes to show. */
export function NewRecoveryCodesForm({ onCreated }: { onCreated: (codes: string[]) => void }) {
  const create = useCreateRecoveryCodes();
  const { register, handleSubmit, formState, reset } = useForm<
    z.input<typeof newCodesSchema>,
    unknown,
    z.output<typeof newCodesSchema>
  >({
    resolver: zodResolver(newCodesSchema),
    defaultValues: { currentPassword: '' },
  });
  return (
    <form
      onSubmit={handleSubmit((values) =>
        create.mutate(values, {
          onSuccess: (data) => {
            reset();
            onCreated(data.recovery_codes);
          },
        }),
      )}
      noValidate
      aria-label="New recovery codes"
    >
      <Stack gap="sm">
        <Text size="sm">
          Lost your recovery codes or used some? Create a new set with your current password; the old codes stop
          working.
        </Text>
        {create.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            {profile.profileTexts.recoveryCodesCreated}
          </Alert>
        ) : null}
        <FormErrors error={create.error} />
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
          <Button type="submit" variant="light" loading={create.isPending}>
            New recovery codes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
