import { Alert, List } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { errorMessages, isApiError } from '../../lib/api-error.ts';

export interface FormErrorsProps {
  /** The failed mutation's error: server message, or each field message of a VALIDATION_ERROR. */
  error?: unknown;
  /** Extra lines (client-side checks that belong to no single field). */
  messages?: readonly string[];
}

/** The server's field messages, minus those of fields the user has changed since. */
function serverLines(error: unknown, changed: ReadonlySet<string>): string[] {
  if (isApiError(error) && !error.handled && error.code === 'VALIDATION_ERROR') {
    const entries = Object.entries(error.fields);
    if (entries.length > 0) return entries.filter(([field]) => !changed.has(field)).flatMap(([, lines]) => lines);
  }
  return errorMessages(error);
}

/**
 * A form's error area: every message on its own line. Renders nothing without messages.
 * A server message about one field goes away as soon as that field (an input of the enclosing
 * form with the same `name`) changes, so an error the user has acted on does not linger.
 */
export function FormErrors({ error, messages = [] }: FormErrorsProps) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [changed, setChanged] = useState<{ error: unknown; fields: ReadonlySet<string> }>({
    error,
    fields: new Set(),
  });
  // A new error starts with nothing cleared (state reset during render, React's documented pattern).
  if (changed.error !== error) setChanged({ error, fields: new Set() });

  const fieldNames = isApiError(error) ? Object.keys(error.fields).join('\n') : '';
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form || !fieldNames) return;
    const names = new Set(fieldNames.split('\n'));
    const onChange = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!name || !names.has(name)) return;
      setChanged((current) =>
        current.fields.has(name) ? current : { ...current, fields: new Set([...current.fields, name]) },
      );
    };
    form.addEventListener('input', onChange);
    form.addEventListener('change', onChange);
    return () => {
      form.removeEventListener('input', onChange);
      form.removeEventListener('change', onChange);
    };
  }, [fieldNames]);

  const lines = [...messages, ...serverLines(error, changed.error === error ? changed.fields : new Set())];
  return (
    <>
      <span ref={anchor} hidden />
      {lines.length > 0 && (
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
      )}
    </>
  );
}
