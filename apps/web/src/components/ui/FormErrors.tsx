import { Alert, List } from '@mantine/core';

import { errorMessages } from '../../lib/api-error.ts';

export interface FormErrorsProps {
  /** The failed mutation's error: server message, or each field message of a VALIDATION_ERROR. */
  error?: unknown;
  /** Extra lines (client-side checks that belong to no single field). */
  messages?: readonly string[];
}

/** A form's error area: every message on its own line. Renders nothing without messages. */
export function FormErrors({ error, messages = [] }: FormErrorsProps) {
  const lines = [...messages, ...errorMessages(error)];
  if (lines.length === 0) return null;
  return (
    <Alert color="red" variant="light" role="alert" aria-live="assertive" data-testid="form-errors">
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <List size="sm" spacing={2}>
          {lines.map((line, index) => (
            <List.Item key={`${index}-${line}`}>{line}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
