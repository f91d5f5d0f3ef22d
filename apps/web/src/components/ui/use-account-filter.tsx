import { currentAccountId, setCurrentAccountId } from '../../lib/session.ts';
import { useLoginData } from '../../lib/use-session.ts';
import { AccountSelect } from './AccountSelect.tsx';

/**
 * The account a list shows: the remembered current account (shared with the dashboard),
 * changed with the account selector. Changing it goes back to page 1.
 */
export function useAccountFilter(onChange: () => void) {
  const session = useLoginData();
  const accountId = currentAccountId(session);
  const select = (label: string) => (
    <AccountSelect
      accounts={session.accounts}
      value={accountId}
      label={label}
      onChange={(next) => {
        setCurrentAccountId(next);
        onChange();
      }}
    />
  );
  return { accountId, select };
}
