import type { SignupAccessGrant } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { RecordListPage } from '../../../components/ui/RecordListPage.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { formatDateTime } from '../../../lib/formats.ts';
import { useSignupAccessGrants } from '../api/get-signup-access-grants.ts';

const columns: Column<SignupAccessGrant>[] = [
  { key: 'created_at', header: 'When', render: (g) => formatDateTime(g.created_at) },
  { key: 'email_nm', header: 'New user', render: (g) => `${g.first_nm} ${g.last_nm} (${g.email_nm})` },
  { key: 'account_number', header: 'Account', render: (g) => `${g.account_number} ${g.account_name}` },
  { key: 'notified', header: 'Administrators told', render: (g) => String(g.notified) },
  {
    key: 'revoked_at',
    header: 'Removed',
    render: (g) => (g.revoked_at === null ? 'No' : `${formatDateTime(g.revoked_at)} by ${g.revoked_by ?? ''}`),
  },
];

/** admin/signup-access (staff level 1+): access given by signing up with an account's invoice. */
export function SignupAccessGrantsPage() {
  const list = useListState();
  const query = useSignupAccessGrants({ page: list.page, search: list.search || undefined });

  return (
    <RecordListPage
      title="Sign-ups by Invoice"
      intro="Users who gained access to an account with one of its invoice numbers; its administrators are told and can remove the access. Newest first."
      list={list}
      query={query}
      search={{ label: 'Search sign-ups', placeholder: 'Email or account' }}
      caption="Access given by sign-ups with an invoice"
      columns={columns}
      rowKey={(g) => g.grant_id}
      empty="Nobody has signed up with an invoice yet."
      pagerLabel="Sign-up pages"
    />
  );
}
