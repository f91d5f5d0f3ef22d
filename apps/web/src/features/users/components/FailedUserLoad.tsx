import { errorMessages, isApiError } from '../../../lib/api-error.ts';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';

/** A failed user load (edit, delete): the error, 'Redirecting...', then the users list after 3 s. */
export function FailedUserLoad({ error, message }: { error?: unknown; message?: string }) {
  // Errors the request helper already handled (session ended, popups) have their own redirect.
  if (!message && isApiError(error) && error.handled) return null;
  const text = message ?? errorMessages(error).join(' ');
  return <RedirectNotice to={paths.users()} message={text} color="red" />;
}
