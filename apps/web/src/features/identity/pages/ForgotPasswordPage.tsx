import { useForgotPassword } from '../api/forgot-password.ts';
import { EmailRequestPage } from '../components/EmailRequestPage.tsx';

/** login/forgot-password: an email field; the same success notice whether or not it has a user. */
export function ForgotPasswordPage() {
  const mutation = useForgotPassword();
  return (
    <EmailRequestPage
      title="Forgot your password?"
      intro="Enter the email address of your portal user and we will send you a link to choose a new password."
      submitLabel="Send reset link"
      onSubmit={(email) => mutation.mutate({ email })}
      pending={mutation.isPending}
      sent={mutation.data?.message}
      error={mutation.error}
    />
  );
}
