import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { identity } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { Link, useLoaderData } from 'react-router';

import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { AuthFrame } from '../../auth/index.ts';
import { useVerifyEmail } from '../api/verify-email.ts';

/** login/verify-email/{userId}/{hash}: verifies on load; verified → login after 3 s, otherwise the not-verified notice. */
export function VerifyEmailPage() {
  const { userId, hash } = useLoaderData<{ userId: number; hash: string }>();
  const mutation = useVerifyEmail();
  // The link is single-use: send it once, even when React runs the effect twice.
  const sent = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutate({ userId, hash });
  }, [mutate, userId, hash]);

  return (
    <AuthFrame>
      <Stack gap="md">
        <Title order={1} size="h2">
          Email verification
        </Title>
        {mutation.isSuccess ? (
          <RedirectNotice message={mutation.data.message} to={paths.login()} />
        ) : mutation.isError ? (
          <Alert color="red" variant="light" role="alert" data-testid="not-verified">
            {identity.texts.notVerified}{' '}
            <Anchor component={Link} to={paths.resendVerification()} size="sm" underline="always">
              Send a new verification link
            </Anchor>
          </Alert>
        ) : (
          <LoadingState label="Verifying your email address…" />
        )}
      </Stack>
    </AuthFrame>
  );
}
