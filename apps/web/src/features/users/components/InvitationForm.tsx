import { Paper, Stack, Text } from '@mantine/core';
import type { Account } from '@portal/contract';
import type { FormEventHandler, ReactNode } from 'react';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { UsersAreaNav } from './UsersAreaNav.tsx';

/** The access an invitation form starts with: none to each account the administrator administers. */
export const noAccess = (administered: readonly Account[]) =>
  administered.map((account) => ({ account_id: account.account_id, access_level: 0 }));

export interface InvitationFormProps {
  /** The form's accessible name, e.g. "Add new user". */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The invitation call's error and whether it is under way. */
  error: unknown;
  pending: boolean;
  /** The person's fields and their account access. */
  children: ReactNode;
  /** What happens once the invitation is sent, under the fields. */
  note: ReactNode;
}

/** The frame of the users area's invitation forms (add a new user, add an existing one): nav, errors, Send invitation. */
export function InvitationForm({ label, onSubmit, error, pending, children, note }: InvitationFormProps) {
  return (
    <Stack gap="md">
      <UsersAreaNav />
      <Paper withBorder p="md" radius="md">
        <form onSubmit={onSubmit} noValidate aria-label={label}>
          <Stack gap="md">
            <FormErrors error={error} />
            {children}
            <Text size="xs" c="dimmed">
              {note}
            </Text>
            <FormActions submit="Send invitation" pending={pending} />
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
