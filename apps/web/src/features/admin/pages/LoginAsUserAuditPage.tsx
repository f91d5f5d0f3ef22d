import { Stack, Text, Title } from '@mantine/core';
import type { LoginAsUserRecord } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
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
  { key: 'ip_address', header: 'From address', render: (r) => r.ip_address ?? '' },
];

/** admin/login-as-user-audit (staff level 1+): every sign-in of a staff member as a customer. */
export function LoginAsUserAuditPage() {
  const list = useListState();
  const query = useLoginAsUserAudit({ page: list.page, search: list.search || undefined });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Sign-in as User Record
        </Title>
        <Text size="sm" c="dimmed">
          Who signed in as which customer, and when; newest first.
        </Text>
      </div>
      <ListSearch
        value={list.search}
        onSearch={list.setSearch}
        label="Search the record"
        placeholder="Staff or user email"
      />
      <DataTable
        caption="Sign-ins of staff members as customers"
        columns={columns}
        rows={query.data?.data}
        rowKey={(r) => r.audit_id}
        loading={query.isPending}
        error={query.error}
        empty="No staff member has signed in as a user yet."
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Record pages" />
      )}
    </Stack>
  );
}
