import type { LoginAsUserRecord } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { RecordListPage } from '../../../components/ui/RecordListPage.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import { useLoginAsUserAudit } from '../api/get-login-as-user-audit.ts';

const columns: Column<LoginAsUserRecord>[] = [
  {
    key: 'created_at',
    header: 'When',
    render: (r) => formatDateTime(r.created_at),
  },
  { key: 'staff_email', header: 'Staff member', render: (r) => r.staff_email },
  { key: 'user_email', header: 'Signed in as', render: (r) => r.user_email },
  { key: 'reason', header: 'Reason', render: (r) => r.reason ?? '' },
  { key: 'ip_address', header: 'From address', render: (r) => r.ip_address ?? '' },
];

/** admin/login-as-user-audit (staff level 1+): every sign-in of a staff member as a customer. */
export function LoginAsUserAuditPage() {
  const list = useListState();
  const query = useLoginAsUserAudit({ page: list.page, search: list.search || undefined });

  return (
    <RecordListPage
      title="Sign-in as User Record"
      intro="Who signed in as which customer, and when; newest first."
      list={list}
      query={query}
      search={{ label: 'Search the record', placeholder: 'Staff or user email' }}
      caption="Sign-ins of staff members as customers"
      columns={columns}
      rowKey={(r) => r.audit_id}
      empty="No staff member has signed in as a user yet."
      pagerLabel="Record pages"
    />
  );
}
