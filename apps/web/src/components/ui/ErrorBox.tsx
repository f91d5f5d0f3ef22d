import { Alert } from '@mantine/core';

import { errorMessages, isApiError } from '../../lib/api-error.ts';

export interface ErrorBoxProps {
  /** An ApiError (its server message is shown) or any other thrown value. */
  error?: unknown;
  /** A fixed message instead of the error's own (e.g. 'No invoice found.'). */
  message?: string;
  title?: string;
}

/** The one way to show an error in a page or box. */
export function ErrorBox({ error, message, title }: ErrorBoxProps) {
  // Errors the request helper already showed as a popup or redirect need no second box.
  if (!message && isApiError(error) && error.handled) return null;
  const lines = message ? [message] : errorMessages(error);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </Alert>
  );
}
