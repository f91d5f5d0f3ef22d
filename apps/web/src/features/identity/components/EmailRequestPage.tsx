import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { email } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthFrame } from '../../auth/index.ts';

const schema = z.object({ email });

export interface EmailRequestPageProps {
  title: string;
  intro: string;
  submitLabel: string;
  defaultEmail?: string;
  onSubmit: (email: string) => void;
  pending: boolean;
  /** The server's notice once sent (the same whatever the address). */
  sent?: string;
  error: unknown;
}

/** The signed-out pages that ask only for an email address (forgot password, resend verification). */
export function EmailRequestPage(props: EmailRequestPageProps) {
  const { register, handleSubmit, formState } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: props.defaultEmail ?? '' },
  });
  return (
    <AuthFrame>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {props.title}
          </Title>
          <Text size="sm" c="dimmed">
            {props.intro}
          </Text>
        </div>
        {props.sent ? (
          <Alert color="green" variant="light" role="status" data-testid="request-sent">
            {props.sent}
          </Alert>
        ) : (
          <form onSubmit={handleSubmit((values) => props.onSubmit(values.email))} noValidate aria-label={props.title}>
            <Stack gap="md">
              <FormErrors error={props.error} />
              <TextInput
                label="Email"
                type="email"
                required
                autoFocus
                autoComplete="email"
                error={formState.errors.email?.message}
                {...register('email')}
              />
              <Button type="submit" loading={props.pending} fullWidth>
                {props.submitLabel}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={paths.login()} size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </AuthFrame>
  );
}
