import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { apiTokens } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { SecretOnce } from '../../../components/ui/SecretOnce.tsx';
import { useViewerAccounts } from '../administered.ts';
import { useCreateApiToken } from '../api/api-tokens.ts';

type Input = z.input<typeof apiTokens.createToken.input>;
type Output = z.output<typeof apiTokens.createToken.input>;

/** Creates an API token for accounts the viewer administers and shows its secret this once. */
export function ApiTokenForm() {
  const { administered } = useViewerAccounts();
  const mutation = useCreateApiToken();
  const { register, handleSubmit, control, formState, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(apiTokens.createToken.input),
    defaultValues: { name: '', account_ids: [], scopes: [], expires_in_days: 90 },
  });
  const { errors } = formState;

  return (
    <Paper withBorder p="md" radius="md" maw={760}>
      <form
        onSubmit={handleSubmit((values) => mutation.mutate(values, { onSuccess: () => reset() }))}
        noValidate
        aria-label="New API token"
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            New API token
          </Title>
          {mutation.isSuccess ? <SecretOnce secret={mutation.data.token} testId="new-api-token" /> : null}
          <FormErrors error={mutation.error} />
          <TextInput label="Name" required autoComplete="off" error={errors.name?.message} {...register('name')} />
          <Controller
            control={control}
            name="account_ids"
            render={({ field }) => (
              <Checkbox.Group
                label="Accounts"
                description="The token sees these accounts as a user of them (never as an administrator)."
                required
                value={(field.value as unknown[]).map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                error={errors.account_ids?.message ?? errors.account_ids?.[0]?.message}
              >
                <Stack gap={6} mt="xs">
                  {administered.map((account) => (
                    <Checkbox
                      key={account.account_id}
                      value={String(account.account_id)}
                      label={`${account.name} (${account.account_number})`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <Controller
            control={control}
            name="scopes"
            render={({ field }) => (
              <Checkbox.Group
                label="Scopes"
                required
                value={field.value}
                onChange={field.onChange}
                error={errors.scopes?.message ?? errors.scopes?.[0]?.message}
              >
                <Group gap="md" mt="xs">
                  {apiTokens.scopes.map((scope) => (
                    <Checkbox key={scope} value={scope} label={`${scope}: ${apiTokens.scopeLabels[scope]}`} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <TextInput
            label="Expires after (days)"
            description={`At most ${apiTokens.maxExpiryDays} days.`}
            type="number"
            required
            w={200}
            error={errors.expires_in_days?.message}
            {...register('expires_in_days')}
          />
          <FormActions submit="Create token" pending={mutation.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
