import { PasswordInput } from '@mantine/core';
import { passwordMessages } from '@portal/contract';
import type { UseFormRegisterReturn } from 'react-hook-form';

export interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  passwordError?: string;
  confirmError?: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation, with the policy as the hint (docs/decisions/002-password-policy.md). */
export function NewPasswordFields({
  password,
  confirm,
  passwordError,
  confirmError,
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label="Password"
        required
        autoFocus={autoFocus}
        autoComplete="new-password"
        description={passwordMessages.hint}
        error={passwordError}
        {...password}
      />
      <PasswordInput label="Confirm password" required autoComplete="new-password" error={confirmError} {...confirm} />
    </>
  );
}
