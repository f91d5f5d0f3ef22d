import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { auth } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

export type CredentialsValues = z.output<typeof auth.credentials>;

// The rules load on the first keystroke, or on sending (decision 112): not with the sign-in page.
const rules = lazyResolver<z.input<typeof auth.credentials>, CredentialsValues>(() =>
  import('./credentials-rules.ts').then((m) => m.credentialsResolver),
);

export interface CredentialsFormProps {
  onSubmit: (values: CredentialsValues) => void;
  pending: boolean;
  error: unknown;
}

/** Email and password, validated with the contract's rules and the spec's default messages. */
export function CredentialsForm({ onSubmit, pending, error }: CredentialsFormProps) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof auth.credentials>, unknown, CredentialsValues>({
    resolver: rules.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;
  // Until the app has taken over the server-rendered page the button waits: a click then would post the
  // page back and lose what was typed, instead of checking the fields and signing in (decision 108).
  const hydrated = useHydrated();

  // method="post": sent before the app has taken over the server-rendered page (decision 108), the form
  // must not put the password in the address; the server answers such a post with the page again.
  return (
    <form onSubmit={handleSubmit(onSubmit)} onInput={rules.preload} method="post" noValidate aria-label="Sign in">
      <Stack gap="md">
        <FormErrors error={error} messages={errors.root?.message ? [errors.root.message] : []} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to={paths.forgotPassword()} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={pending || !hydrated} fullWidth size="md">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
