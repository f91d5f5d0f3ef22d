import { Anchor, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PendingInvitation } from '@portal/contract';
import { useState } from 'react';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { Pager } from '../../../components/ui/Pager.tsx';
import { formatDate } from '../../../lib/formats.ts';
import { useViewerAccounts } from '../administered.ts';
import { useCancelInvitation } from '../api/cancel-invitation.ts';
import { useInvitations } from '../api/get-invitations.ts';

/**
 * Invitations sent with Add new user or Add existing user that the person has not accepted yet. Every
 * address waits here the same way, so the list tells nothing of who already has a portal user (decision 084).
 */
export function PendingInvitations() {
  const [page, setPage] = useState(1);
  const query = useInvitations({ page });
  const cancel = useCancelInvitation();
  const { all } = useViewerAccounts();
  const [cancelFor, setCancelFor] = useState<PendingInvitation | null>(null);
  const accountLabel = (accountId: number) =>
    all.find((a) => a.account_id === accountId)?.account_number ?? String(accountId);

  // Nothing pending: the section stays out of the way.
  if (!query.data?.total && !query.error) return null;

  const columns: Column<PendingInvitation>[] = [
    {
      key: 'email_nm',
      header: 'Email',
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email_nm}
          {row.first_nm ? ` (${[row.first_nm, row.last_nm].filter(Boolean).join(' ')})` : ''}
        </Text>
      ),
    },
    {
      key: 'accounts',
      header: 'Accounts',
      render: (row) => (
        <Stack gap={0}>
          {row.accounts_users.map((access) => (
            <Text key={access.account_id} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {accountLabel(access.account_id)}
              {access.is_account_admin ? ' · Admin' : ''}
            </Text>
          ))}
        </Stack>
      ),
    },
    { key: 'created_at', header: 'Sent', render: (row) => formatDate(row.created_at) },
    { key: 'expires_at', header: 'Expires', render: (row) => formatDate(row.expires_at) },
    {
      key: 'actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      label: 'Actions',
      align: 'right',
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          size="sm"
          c="red"
          onClick={() => setCancelFor(row)}
          aria-label={`Cancel the invitation of ${row.email_nm}`}
        >
          Cancel
        </Anchor>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations">
      <Title order={2} size="h4" id="pending-invitations">
        Pending invitations
      </Title>
      <FormErrors error={cancel.error} />
      <ConfirmDialog
        opened={cancelFor !== null}
        title="Cancel invitation?"
        confirmLabel="Cancel invitation"
        danger
        pending={cancel.isPending}
        onCancel={() => setCancelFor(null)}
        onConfirm={() => {
          if (cancelFor) cancel.mutate(cancelFor.invitation_id);
          setCancelFor(null);
        }}
      >
        {cancelFor && (
          <>
            The link sent to{' '}
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {cancelFor.email_nm}
            </Text>{' '}
            stops giving access to your accounts.
          </>
        )}
      </ConfirmDialog>
      <DataTable
        caption="Invitations not yet accepted"
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.invitation_id}
        loading={query.isPending}
        error={query.error}
        empty="No pending invitations."
      />
      {query.data && query.data.last_page > 1 && (
        <Pager page={page} lastPage={query.data.last_page} onChange={setPage} label="Invitations pages" />
      )}
    </Stack>
  );
}
