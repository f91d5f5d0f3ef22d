import type { Account } from '@portal/contract';

import { useLoginData } from '../../lib/use-session.ts';

/** The viewer's accounts split by role: the administered ones are editable in the users area. */
export function useViewerAccounts(): { all: readonly Account[]; administered: readonly Account[]; isAdmin: boolean } {
  const { accounts } = useLoginData();
  const administered = accounts.filter((account) => account.is_account_admin);
  return { all: accounts, administered, isAdmin: administered.length > 0 };
}
