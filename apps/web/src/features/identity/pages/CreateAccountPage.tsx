import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { identity, messages } from '@portal/contract';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { PersonFields } from '../../../components/ui/PersonFields.tsx';
import { absoluteUrl, paths } from '../../../config/paths.ts';
import { getToken, AuthFrame, completeSignIn } from '../../auth/index.ts';
import { useActiveAgreements } from '../../legal/index.ts';
import { useCreateUserFromHash } from '../api/create-user-from-hash.ts';
import { useCreateUserFromInvoice } from '../api/create-user-from-invoice.ts';
import { useInvitation } from '../api/check-invitation.ts';
import { AcceptInsteadLink, InvitationSummary, InvitationUnusable } from '../components/InvitationSummary.tsx';
import { CaptchaField } from '../components/CaptchaField.tsx';
import { NewPasswordFields } from '../../../components/ui/NewPasswordFields.tsx';
import type { CreateAccountSegments } from '../create-account-route.ts';
import { joinWithAnd } from '../join-with-and.ts';

type Values = z.input<typeof identity.createUserFromInvoiceInput>;

/**
 * s/create-account/{accountId}/{hash}/{email}/{firstName}/{lastName}: creates a portal user from an
 * invoice (account and invoice numbers) or, with an invitation hash, from the invitation. On
 * USER_CREATED it signs in with the entered email and password and goes on ('Redirecting...').
 */
export function CreateAccountPage() {
  const segments = useLoaderData<CreateAccountSegments>();
  const withHash = segments.hash !== null && segments.accountId !== null;
  const fromInvoice = useCreateUserFromInvoice();
  const fromHash = useCreateUserFromHash();
  const mutation = withHash ? fromHash : fromInvoice;
  const navigate = useNavigate();
  const [captchaKey, setCaptchaKey] = useState(0);
  const [signInError, setSignInError] = useState<unknown>(null);
  const [created, setCreated] = useState<string | null>(null);
  // An invitation link is checked before its form: a used or forged link says so at once (decision 084).
  const invitation = useInvitation(withHash ? segments.hash : null);

  const schema = withHash ? identity.createUserFromHashInput : identity.createUserFromInvoiceInput;
  const { register, handleSubmit, control, formState, setValue } = useForm<Values>({
    // Both schemas share the form's fields; the hash variant adds hash and account_id from the link.
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: {
      email_nm: segments.email,
      first_nm: segments.firstName,
      last_nm: segments.lastName,
      passwd: '',
      confirm: '',
      legal_agree: false,
      g_recaptcha_response: '',
      account_number: '',
      invoice_number: '',
      ...(withHash ? { hash: segments.hash, account_id: segments.accountId } : {}),
    } as Values,
  });
  const { errors } = formState;

  const onSubmit = async (values: Values) => {
    setSignInError(null);
    let answer: { message: string };
    try {
      if (withHash) {
        const { account_number: _a, invoice_number: _i, ...rest } = values;
        answer = await fromHash.mutateAsync({
          ...rest,
          hash: segments.hash ?? '',
          account_id: segments.accountId ?? 0,
        });
      } else {
        answer = await fromInvoice.mutateAsync(values);
      }
    } catch {
      // Shown through mutation.error; the captcha answer was spent, so get a new one.
      setValue('g_recaptcha_response', '');
      setCaptchaKey((key) => key + 1);
      return;
    }
    setCreated(answer.message || identity.texts.userCreated);
    try {
      // The invitation's address is the user's (the server keeps it whatever the form sent).
      const email = invitation.data?.email_nm ?? values.email_nm;
      const token = await getToken({ email, password: values.passwd });
      navigate(await completeSignIn(token), { replace: true });
    } catch (error) {
      setSignInError(error);
    }
  };

  if (created !== null) {
    return (
      <AuthFrame>
        <Stack gap="md">
          <Title order={1} size="h2">
            Welcome!
          </Title>
          <Alert color="green" variant="light" role="status" data-testid="user-created">
            <Text size="sm">{created}</Text>
            {!signInError && (
              <Text size="sm" c="dimmed" mt={4}>
                {messages.redirecting}
              </Text>
            )}
          </Alert>
          {signInError ? (
            <>
              <FormErrors error={signInError} />
              <Button component={Link} to={paths.login()}>
                Go to sign in
              </Button>
            </>
          ) : null}
        </Stack>
      </AuthFrame>
    );
  }

  if (withHash && !invitation.data) {
    return (
      <AuthFrame>
        <Stack gap="md">
          <Title order={1} size="h2">
            Create your portal user
          </Title>
          {invitation.error ? (
            <InvitationUnusable error={invitation.error} />
          ) : (
            <LoadingState label="Checking the invitation…" />
          )}
        </Stack>
      </AuthFrame>
    );
  }
  if (invitation.data?.has_portal_user && segments.hash) {
    return (
      <AuthFrame>
        <Stack gap="md">
          <Title order={1} size="h2">
            Invitation to the customer portal
          </Title>
          <InvitationSummary invitation={invitation.data} />
          <AcceptInsteadLink hash={segments.hash} />
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Create your portal user
          </Title>
          <Text size="sm" c="dimmed">
            {withHash
              ? 'You were invited to the customer portal. Choose your password to get started.'
              : 'Use the account number and an invoice number from one of your invoices.'}
          </Text>
        </div>
        {invitation.data && <InvitationSummary invitation={invitation.data} />}
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create account">
          <Stack gap="sm">
            <FormErrors error={mutation.error} />
            <PersonFields
              firstName={register('first_nm')}
              lastName={register('last_nm')}
              email={register('email_nm')}
              errors={{
                firstName: errors.first_nm?.message,
                lastName: errors.last_nm?.message,
                email: errors.email_nm?.message,
              }}
              emailReadOnly={withHash}
            />
            {!withHash && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <TextInput
                  label="Account number"
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  error={errors.account_number?.message}
                  {...register('account_number')}
                />
                <TextInput
                  label="Invoice number"
                  required
                  autoComplete="off"
                  error={errors.invoice_number?.message}
                  {...register('invoice_number')}
                />
              </SimpleGrid>
            )}
            <NewPasswordFields
              password={register('passwd')}
              confirm={register('confirm')}
              passwordError={errors.passwd?.message}
              confirmError={errors.confirm?.message}
            />
            <Checkbox label={<AgreementLabel />} error={errors.legal_agree?.message} {...register('legal_agree')} />
            <Controller
              control={control}
              name="g_recaptcha_response"
              render={({ field, fieldState }) => (
                <CaptchaField onChange={field.onChange} error={fieldState.error?.message} resetKey={captchaKey} />
              )}
            />
            <Button type="submit" loading={formState.isSubmitting} fullWidth size="md" mt="xs">
              Create account
            </Button>
          </Stack>
        </form>
        <Divider />
        <Group justify="center">
          <Text size="sm">
            Already have a portal user?{' '}
            <Anchor component={Link} to={paths.login()} underline="always">
              Sign in
            </Anchor>
          </Text>
        </Group>
      </Stack>
    </AuthFrame>
  );
}

/** 'I agree to the A, B and C' with each agreement opening in a new tab. */
function AgreementLabel() {
  const agreements = useActiveAgreements();
  const links = (agreements.data ?? []).map((a) => (
    <Anchor
      key={a.legal_agreement_id}
      href={absoluteUrl(paths.agreement(a.legal_agreement_id))}
      target="_blank"
      rel="noopener"
      underline="always"
    >
      {a.title}
    </Anchor>
  ));
  return (
    <Text size="sm" component="span">
      I agree to the {links.length ? joinWithAnd(links) : 'terms of the portal'}
    </Text>
  );
}
