import { Select } from '@mantine/core';
import type { accounts as accountTypes } from '@portal/contract';

export interface AccountSelectProps {
  accounts: readonly accountTypes.Account[];
  value: number | null;
  onChange: (accountId: number) => void;
  label?: string;
  /** Hide the visible label (it stays the accessible name). */
  hideLabel?: boolean;
}

export const accountLabel = (account: accountTypes.Account) => `${account.name} (${account.account_number})`;

/** Dropdown of the user's accounts. */
export function AccountSelect({ accounts, value, onChange, label = 'Account', hideLabel }: AccountSelectProps) {
  const data = accounts.map((account) => ({
    value: String(account.account_id),
    label: account.account_status_cd === 'D' ? `${accountLabel(account)} – disconnected` : accountLabel(account),
  }));
  return (
    <Select
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
      allowDeselect={false}
      searchable={accounts.length > 8}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
