import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { currentAccountId, setCurrentAccountId } from '../../lib/session.ts';
import { useLoginData } from '../../lib/use-session.ts';
import { AccountSelect } from './AccountSelect.tsx';

/** `?accounts=all`: the list shows every account of the user (a link can ask for it, e.g. the dashboard's). */
export const allAccountsParam = { name: 'accounts', value: 'all' } as const;

/**
 * The account a list shows: the remembered current account (shared with the dashboard), or all
 * the user's accounts ("All accounts", kept in the query string), changed with the account selector
 * of the list's toolbar.
 * Changing it goes back to page 1. `accountId` is null for all accounts: the list call then sends
 * no accountId, which the API reads as every account of the caller.
 */
export function useAccountFilter(onChange: () => void) {
  const session = useLoginData();
  const [params, setParams] = useSearchParams();
  const all = params.get(allAccountsParam.name) === allAccountsParam.value;
  const accountId = all ? null : currentAccountId(session);
  const showAll = (value: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(allAccountsParam.name, allAccountsParam.value);
      else next.delete(allAccountsParam.name);
      next.delete('page');
      return next;
    });
  /**
   * The list's toolbar: the account selector, `width` pixels wide (280 at the least), on the left, and
   * the list's own tools (its search, a download) on the right, wrapping under it on a phone.
   */
  const toolbar = (tools: ReactNode, width = 380) => (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <div style={{ minWidth: 280, width, maxWidth: '100%' }}>
        <AccountSelect
          accounts={session.accounts}
          value={accountId}
          label="Account"
          onChange={(next) => {
            setCurrentAccountId(next);
            // One address change at a time: showAll also goes back to page 1.
            if (all) showAll(false);
            else onChange();
          }}
          onAllAccounts={() => showAll(true)}
        />
      </div>
      {tools}
    </Group>
  );
  return { accountId, allAccounts: all, toolbar };
}
