import { Select } from '@mantine/core';
import type { accounts as accountTypes } from '@portal/contract';

export interface AccountSelectProps {
  accounts: readonly accountTypes.Account[];
  /** null with `onAllAccounts` = every account of the user. */
  value: number | null;
  onChange: (accountId: number) => void;
  /** Offers "All accounts" first (lists that make sense across accounts); called when it is chosen. */
  onAllAccounts?: () => void;
  label?: string;
  /** Hide the visible label (it stays the accessible name). */
  hideLabel?: boolean;
}

const allValue = 'all';

export const accountLabel = (account: accountTypes.Account) => `${account.name} (${account.account_number})`;

/** Dropdown of the user's accounts. */
export function AccountSelect(props: AccountSelectProps) {
  const { accounts, value, onChange, label = 'Account', hideLabel, onAllAccounts } = props;
  const allAccounts = onAllAccounts !== undefined;
  const each = accounts.map((account) => ({
    value: String(account.account_id),
    label: account.account_status_cd === 'D' ? `${accountLabel(account)} – disconnected` : accountLabel(account),
  }));
  const data = allAccounts ? [{ value: allValue, label: 'All accounts' }, ...each] : each;
  const selected = value === null ? (allAccounts ? allValue : null) : String(value);
  return (
    <Select
      label={hideLabel ? undefined : label}
      aria-label={hideLabel ? label : undefined}
      data={data}
      value={selected}
      onChange={(next) => {
        if (next === allValue) onAllAccounts?.();
        else if (next) onChange(Number(next));
      }}
      allowDeselect={false}
      searchable={accounts.length > 8}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
