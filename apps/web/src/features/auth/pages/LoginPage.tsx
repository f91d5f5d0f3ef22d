import { Alert, Anchor, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { loginReasons } from '@portal/contract';
import type { LoginReason } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';

import { OutageBanners } from '../../../components/ui/OutageBanners.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { titleOf, useBrand } from '../../../lib/brand.ts';
import { nextParam, safeReturnPath } from '../../../lib/return-path.ts';
import { useOutages } from '../../notifications/index.ts';
import { useConfirmUserPassword } from '../api/confirm-user-password.ts';
import { useGetToken } from '../api/get-token.ts';
import { AuthFrame } from '../components/AuthFrame.tsx';
import type { CredentialsValues } from '../components/CredentialsForm.tsx';
import type { PasscodeValues } from '../components/PasscodeForm.tsx';
import { CredentialsForm } from '../components/CredentialsForm.tsx';
import { completeSignIn } from '../sign-in.ts';

// The second step, for users with two-factor on, loads when it is reached (decision 112).
const PasscodeForm = lazy(() => import('../components/PasscodeForm.tsx').then((m) => ({ default: m.PasscodeForm })));

const isReason = (value: string | undefined): value is LoginReason => !!value && value in loginReasons;

/** Sign-in: /login/{reason?} and /s/index/{reason?}. Password first, then a passcode if two-factor is on. */
export function LoginPage() {
  const { reason } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const outages = useOutages();
  const brand = useBrand();
  const confirm = useConfirmUserPassword();
  const token = useGetToken();
  const [credentials, setCredentials] = useState<CredentialsValues | null>(null);
  const [finishing, setFinishing] = useState(false);

  const signIn = async (input: CredentialsValues & Partial<{ passcode: string; recovery_code: string }>) => {
    const data = await token.mutateAsync(input);
    setFinishing(true);
    const next = await completeSignIn(data, safeReturnPath(search.get(nextParam), window.location.origin));
    // On failure the page stays (with a reason): start again from the credentials step.
    setFinishing(false);
    setCredentials(null);
    navigate(next, { replace: true });
  };

  const onCredentials = (values: CredentialsValues) => {
    token.reset();
    confirm.mutate(values, {
      onSuccess: ({ two_factor_enabled }) => {
        if (two_factor_enabled) setCredentials(values);
        else signIn(values).catch(() => undefined); // the error shows through token.error
      },
    });
  };

  const onPasscode = (second: PasscodeValues) => {
    if (credentials) signIn({ ...credentials, ...second }).catch(() => undefined);
  };

  const notices = (
    <>
      <OutageBanners outages={outages.data} />
      {isReason(reason) && (
        <Alert
          color={reason === 'portal-redirect' ? 'blue' : 'yellow'}
          variant="filled"
          role="status"
          data-testid="login-reason"
        >
          {loginReasons[reason]}
        </Alert>
      )}
    </>
  );

  return (
    <AuthFrame notices={notices}>
      <title>{titleOf('Sign in', brand)}</title>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            Sign in
          </Title>
          <Text size="sm" c="dimmed">
            Manage your services, invoices and tickets.
          </Text>
        </div>
        {credentials ? (
          <Suspense fallback={<LoadingState />}>
            <PasscodeForm
              email={credentials.email}
              onSubmit={onPasscode}
              onBack={() => {
                setCredentials(null);
                token.reset();
              }}
              pending={token.isPending || finishing}
              error={token.error}
            />
          </Suspense>
        ) : (
          <CredentialsForm
            onSubmit={onCredentials}
            pending={confirm.isPending || token.isPending || finishing}
            error={confirm.error ?? token.error}
          />
        )}
        <Divider />
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={paths.createAccount()} size="sm">
            Create an account
          </Anchor>
          <Anchor component={Link} to={paths.resendVerification()} size="sm">
            Resend verification email
          </Anchor>
        </Group>
      </Stack>
    </AuthFrame>
  );
}
