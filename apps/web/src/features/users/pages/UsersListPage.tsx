import { Alert, Anchor, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { messages, users, type PortalUser } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useViewerAccounts } from '../administered.ts';
import { useUsers } from '../api/get-users.ts';
import { useSendPasswordReset } from '../api/send-password-reset.ts';
import { PendingInvitations } from '../components/PendingInvitations.tsx';
import { UsersAreaNav } from '../components/UsersAreaNav.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

const isUserSort = (value: string | null): value is (typeof users.userSortColumns)[number] =>
  (users.userSortColumns as readonly (string | null)[]).includes(value);

/** users/index: the users of the accounts the viewer administers (spec core.md section 2). */
export function UsersListPage() {
  return (
    <UsersAreaPage title="Manage Users" noPermission={messages.noPermissionEditUsers}>
      <UsersList />
    </UsersAreaPage>
  );
}

function UsersList() {
  const list = useListState();
  const { all } = useViewerAccounts();
  const query = useUsers({
    page: list.page,
    search: list.search || undefined,
    ...(isUserSort(list.sort) && list.order ? { sort: list.sort, order: list.order } : {}),
  });
  const reset = useSendPasswordReset();
  const me = useLoginData().user.user_id;
  // Resetting mails the person a link and ends their use of the old password: ask first.
  const [resetFor, setResetFor] = useState<PortalUser | null>(null);

  const accountLabel = (accountId: number) =>
    all.find((a) => a.account_id === accountId)?.account_number ?? String(accountId);

  const columns: Column<PortalUser>[] = [
    {
      key: 'last_nm',
      header: 'Name',
      sortable: true,
      render: (user) => (
        <Text size="sm" fw={500}>
          {user.first_nm} {user.last_nm}
        </Text>
      ),
    },
    {
      key: 'email_nm',
      header: 'Email',
      sortable: true,
      render: (user) => (
        <Group gap={6}>
          <Text size="sm">{user.email_nm}</Text>
          {!user.email_verified && (
            <Badge size="xs" color="gray" variant="light">
              not verified
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'accounts',
      header: 'Accounts',
      render: (user) => (
        <Stack gap={0}>
          {user.accounts_users.map((membership) => (
            <Text
              key={membership.account_id}
              size="sm"
              fw={membership.is_account_admin ? 600 : 400}
              style={{ whiteSpace: 'nowrap' }}
            >
              {accountLabel(membership.account_id)}
              {membership.is_account_admin ? ' · Admin' : ''}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'two_factor_enabled',
      header: 'Two-factor',
      render: (user) => (user.two_factor_enabled ? 'On' : 'Off'),
    },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      label: 'Actions',
      align: 'right',
      render: (user) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Anchor component={Link} to={paths.editUser(user.user_id)} size="sm" aria-label={`Edit ${user.email_nm}`}>
            Edit
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => setResetFor(user)}
            disabled={reset.isPending}
            aria-label={`Reset password of ${user.email_nm}`}
          >
            Reset password
          </Anchor>
          {/* No delete on one's own row: the API refuses it too (you would lock yourself out). */}
          {user.user_id !== me && (
            <Anchor
              component={Link}
              to={paths.deleteUser(user.user_id)}
              size="sm"
              c="red"
              aria-label={`Delete ${user.email_nm}`}
            >
              Delete
            </Anchor>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <UsersAreaNav />
        <ListSearch value={list.search} onSearch={list.setSearch} label="Search users" placeholder="Name or email" />
      </Group>
      {reset.isSuccess && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => reset.reset()}>
          A password reset message was sent to {reset.variables}.
        </Alert>
      )}
      <FormErrors error={reset.error} />
      <ConfirmDialog
        opened={resetFor !== null}
        title="Reset password?"
        confirmLabel="Send reset link"
        onCancel={() => setResetFor(null)}
        onConfirm={() => {
          if (resetFor) reset.mutate(resetFor.email_nm);
          setResetFor(null);
        }}
      >
        {resetFor && (
          <>
            A password reset link will be e-mailed to{' '}
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {resetFor.email_nm}
            </Text>
            . Send it?
          </>
        )}
      </ConfirmDialog>
      <DataTable
        caption="Portal users of the accounts you administer"
        columns={columns}
        rows={query.data?.data}
        rowKey={(user) => user.user_id}
        loading={query.isPending}
        error={query.error}
        empty={list.search ? 'No users match your search.' : 'No users yet.'}
        sort={{ sort: list.sort, order: list.order }}
        onSort={list.toggleSort}
      />
      {query.data && (
        <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Users pages" />
      )}
      <PendingInvitations />
    </Stack>
  );
}
