import { Stack, Text, Title } from '@mantine/core';
import type { SignupAccessGrant } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
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
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Sign-ups by Invoice
        </Title>
        <Text size="sm" c="dimmed">
          Users who gained access to an account with one of its invoice numbers; its administrators are told and can
          remove the access. Newest first.
        </Text>
      </div>
      <ListSearch
        value={list.search}
        onSearch={list.setSearch}
        label="Search sign-ups"
        placeholder="Email or account"
      />
      <DataTable
        caption="Access given by sign-ups with an invoice"
        columns={columns}
        rows={query.data?.data}
        rowKey={(g) => g.grant_id}
        loading={query.isPending}
        error={query.error}
        empty="Nobody has signed up with an invoice yet."
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Sign-up pages" />
      )}
    </Stack>
  );
}
