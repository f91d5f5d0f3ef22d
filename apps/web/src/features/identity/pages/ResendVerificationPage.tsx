import { useSearchParams } from 'react-router';

import { useResendVerification } from '../api/resend-verification.ts';
import { EmailRequestPage } from '../components/EmailRequestPage.tsx';

/** login/resend-verification: an email field (prefilled from ?email=); the same notice whatever the address. */
export function ResendVerificationPage() {
  const [params] = useSearchParams();
  const mutation = useResendVerification();
  return (
    <EmailRequestPage
      title="Resend verification email"
      intro="We will send a new link to verify your email address. Earlier links stop working."
      submitLabel="Send verification link"
      defaultEmail={params.get('email') ?? ''}
      onSubmit={(email_nm) => mutation.mutate({ email_nm })}
      pending={mutation.isPending}
      sent={mutation.data?.message}
      error={mutation.error}
    />
  );
}
