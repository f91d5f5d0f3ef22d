import { useState } from 'react';

import { AccountSelect } from '../../../components/ui/AccountSelect.tsx';
import { AuditLog } from '../../audit/index.ts';
import { useViewerAccounts } from '../administered.ts';
import { UsersAreaNav } from '../components/UsersAreaNav.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

/** users/audit-log: an account administrator's log of who did what on the accounts they administer. */
export function AuditLogPage() {
  return (
    <UsersAreaPage
      title="Audit log"
      noPermission="Your account does not have permission to see this account's audit log."
    >
      <UsersAreaNav />
      <AdministeredLog />
    </UsersAreaPage>
  );
}

function AdministeredLog() {
  const { administered } = useViewerAccounts();
  const [accountId, setAccountId] = useState(administered[0]!.account_id);
  return (
    <AuditLog
      accountId={accountId}
      toolbar={<AccountSelect accounts={administered} value={accountId} onChange={setAccountId} />}
    />
  );
}
