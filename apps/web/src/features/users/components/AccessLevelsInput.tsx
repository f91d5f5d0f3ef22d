import type { Account } from '@portal/contract';
import type { Control, FieldError, FieldValues, Path } from 'react-hook-form';
import { useController } from 'react-hook-form';

import { accessValue } from './access-form.ts';
import { AccessLevelsField, type ReadOnlyAccess } from './AccessLevelsField.tsx';

export interface AccessLevelsInputProps<T extends FieldValues> {
  /** A form whose `accounts` field holds the access entries of the contract's schema. */
  control: Control<T>;
  accounts: readonly Account[];
  readOnly?: readonly ReadOnlyAccess[];
}

/** The access-levels field bound to a react-hook-form form, with the array's own message. */
export function AccessLevelsInput<T extends FieldValues>({ control, accounts, readOnly }: AccessLevelsInputProps<T>) {
  const { field, fieldState } = useController({ control, name: 'accounts' as Path<T> });
  const error = fieldState.error as (FieldError & { root?: FieldError }) | undefined;
  return (
    <AccessLevelsField
      accounts={accounts}
      value={accessValue(field.value as { account_id: unknown; access_level: unknown }[])}
      onChange={field.onChange}
      readOnly={readOnly}
      error={error?.message ?? error?.root?.message}
    />
  );
}
