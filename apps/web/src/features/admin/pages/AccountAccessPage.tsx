import { Alert, Anchor, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { admin, users, type StaffAccount } from '@portal/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { ListSearch } from '../../../components/ui/ListSearch.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { useListState } from '../../../components/ui/use-list-state.ts';
import { paths } from '../../../config/paths.ts';
import { useSetAccountAccess } from '../api/add-account.ts';
import { useClearAccounts } from '../api/clear-accounts.ts';
import { useFindAccounts } from '../api/find-accounts.ts';
import { countOf } from '../../../lib/words.ts';
import { staffLevel } from '../staff-level.ts';

const isAccountSort = (value: string | null): value is (typeof admin.accountSortColumns)[number] =>
  (admin.accountSortColumns as readonly (string | null)[]).includes(value);

const statusLabel = (account: StaffAccount) =>
  account.account_status_cd === 'D' ? 'Disconnected' : account.is_active ? 'Active' : 'Inactive';

/**
 * admin/account-access (staff level 1+): every account with radio buttons for the staff member's
 * own access (admin, user, none) and a clear-all button. The admin column shows above level 1.
 */
export function AccountAccessPage() {
  const list = useListState();
  const [params, setParams] = useSearchParams();
  const searchUser = params.get('search_user') ?? '';
  const [confirmClear, setConfirmClear] = useState(false);
  // The level just clicked shows at once; the server's answer (refetched list) then takes over.
  const [pendingLevels, setPendingLevels] = useState<Record<number, number>>({});

  const canGrantAdmin = staffLevel() >= admin.staffLevels.grantAdmin;
  const query = useFindAccounts({
    page: list.page,
    search: list.search || undefined,
    search_user: searchUser || undefined,
    ...(isAccountSort(list.sort) && list.order ? { sort: list.sort, order: list.order } : {}),
  });
  const setAccess = useSetAccountAccess();
  const clearAll = useClearAccounts();

  const setSearchUser = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('search_user', value);
      else next.delete('search_user');
      next.delete('page');
      return next;
    });

  const chooseLevel = (accountId: number, level: 0 | 1 | 2) => {
    setPendingLevels((current) => ({ ...current, [accountId]: level }));
    setAccess.mutate(
      { accountId, accessLevel: level },
      {
        onSettled: () => setPendingLevels(({ [accountId]: _done, ...rest }) => rest),
      },
    );
  };

  const levels = canGrantAdmin
    ? ([users.accessLevels.admin, users.accessLevels.user, users.accessLevels.none] as const)
    : ([users.accessLevels.user, users.accessLevels.none] as const);
  const levelHeader = { 2: 'Admin access', 1: 'User access', 0: 'No access' } as const;

  const columns: Column<StaffAccount>[] = [
    { key: 'account_number', header: 'Account', sortable: true, render: (a) => a.account_number },
    { key: 'name', header: 'Name', sortable: true, render: (a) => a.name },
    { key: 'company_nm', header: 'Company', sortable: true, render: (a) => a.company_nm },
    { key: 'account_status_cd', header: 'Status', sortable: true, render: statusLabel },
    ...levels.map((level): Column<StaffAccount> => ({
      key: `level-${level}`,
      header: levelHeader[level],
      align: 'center',
      render: (account) => (
        <Radio
          name={`access-${account.account_id}`}
          value={String(level)}
          checked={(pendingLevels[account.account_id] ?? account.access_level) === level}
          onChange={() => chooseLevel(account.account_id, level)}
          aria-label={`${levelHeader[level]} to ${account.name} (${account.account_number})`}
          styles={{ inner: { margin: '0 auto' } }}
        />
      ),
    })),
    {
      key: 'audit-log',
      header: 'Audit log',
      render: (account) => (
        <Anchor
          component={Link}
          to={paths.adminAuditLog(account.account_id)}
          size="sm"
          aria-label={`Audit log of ${account.account_number}`}
        >
          Log
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Account Access
          </Title>
          <Text size="sm" c="dimmed">
            Your own access to customer accounts. {canGrantAdmin ? '' : 'Your staff level allows user access only. '}
            <Anchor component={Link} to={paths.adminLoginAsUserAudit()} size="sm" underline="always">
              Sign-in as user record
            </Anchor>{' '}
            ·{' '}
            <Anchor component={Link} to={paths.adminSignupAccess()} size="sm" underline="always">
              Sign-ups by invoice
            </Anchor>
          </Text>
        </div>
        <Group gap="xs">
          {confirmClear ? (
            <>
              <Text size="sm">Remove your access to every account?</Text>
              <Button variant="default" size="sm" onClick={() => setConfirmClear(false)}>
                Cancel
              </Button>
              <Button
                color="red"
                size="sm"
                loading={clearAll.isPending}
                onClick={() => clearAll.mutate(undefined, { onSettled: () => setConfirmClear(false) })}
              >
                Clear all
              </Button>
            </>
          ) : (
            <Button color="red" variant="light" size="sm" onClick={() => setConfirmClear(true)}>
              Clear all
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="md" align="flex-end">
        <ListSearch
          value={list.search}
          onSearch={list.setSearch}
          label="Search accounts"
          placeholder="Number, name or company"
        />
        <ListSearch value={searchUser} onSearch={setSearchUser} label="Search by user" placeholder="Email or name" />
      </Group>
      {clearAll.isSuccess && (
        <Alert color="green" variant="light" role="status" withCloseButton onClose={() => clearAll.reset()}>
          Your access to {clearAll.data.length} {clearAll.data.length === 1 ? 'account was' : 'accounts were'} removed.
        </Alert>
      )}
      <FormErrors error={setAccess.error ?? clearAll.error} />
      <DataTable
        caption="Customer accounts and your access to them"
        columns={columns}
        rows={query.data?.data}
        rowKey={(account) => account.account_id}
        loading={query.isPending}
        error={query.error}
        empty="No accounts match your search."
        sort={{ sort: list.sort, order: list.order }}
        onSort={list.toggleSort}
      />
      {query.data && (
        <>
          <Text size="xs" c="dimmed" ta="center">
            {countOf(query.data.total, 'account')}
          </Text>
          <Pager page={list.page} lastPage={query.data.last_page} onChange={list.setPage} label="Account pages" />
        </>
      )}
    </Stack>
  );
}
