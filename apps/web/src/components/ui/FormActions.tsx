import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

export interface FormActionsProps {
  /** The submit button's text, e.g. "Add account". */
  submit: ReactNode;
  /** The form's call is under way: the button shows it is loading. */
  pending: boolean;
  disabled?: boolean;
  /** Buttons before the submit button (Cancel). */
  children?: ReactNode;
}

/** The row that ends a form: its other buttons, then the submit button, on the right. */
export function FormActions({ submit, pending, disabled, children }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      {children}
      <Button type="submit" loading={pending} disabled={disabled}>
        {submit}
      </Button>
    </Group>
  );
}
