import { zodResolver } from '@hookform/resolvers/zod';
import { Checkbox, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { integration } from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { SecretOnce } from '../../../components/ui/SecretOnce.tsx';
import { useCreateToken } from '../api/create-token.ts';

type Input = z.input<typeof integration.createToken.input>;
type Output = z.output<typeof integration.createToken.input>;

/** Creates an integration token and shows its secret this once. */
export function NewTokenForm() {
  const mutation = useCreateToken();
  const { register, handleSubmit, control, formState, reset } = useForm<Input, unknown, Output>({
    resolver: zodResolver(integration.createToken.input),
    defaultValues: { name: '', scopes: [], webhook_url: '' },
  });
  const { errors } = formState;

  return (
    <Paper withBorder p="md" radius="md" maw={720}>
      <form
        onSubmit={handleSubmit((values) => mutation.mutate(values, { onSuccess: () => reset() }))}
        noValidate
        aria-label="New integration token"
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            New token
          </Title>
          {mutation.isSuccess ? (
            <SecretOnce secret={mutation.data.token} testId="new-token-secret">
              {mutation.data.webhook_secret ? (
                <Text size="sm" mt="xs">
                  Webhook signing secret:{' '}
                  <Code data-testid="new-webhook-secret" style={{ wordBreak: 'break-all' }}>
                    {mutation.data.webhook_secret}
                  </Code>
                </Text>
              ) : null}
            </SecretOnce>
          ) : null}
          <FormErrors error={mutation.error} />
          <TextInput label="Name" required autoComplete="off" error={errors.name?.message} {...register('name')} />
          <TextInput
            label="Webhook URL (optional)"
            description="Every event is POSTed here, signed the Standard Webhooks way; needs the events scope."
            type="url"
            autoComplete="off"
            error={errors.webhook_url?.message}
            {...register('webhook_url')}
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
                  {integration.scopes.map((scope) => (
                    <Checkbox key={scope} value={scope} label={scope} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
          />
          <FormActions submit="Create token" pending={mutation.isPending} />
        </Stack>
      </form>
    </Paper>
  );
}
