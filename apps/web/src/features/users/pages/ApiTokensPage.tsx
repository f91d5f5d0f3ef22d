import { Stack, Text } from '@mantine/core';
import type { ApiToken } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { revokeColumn } from '../../../components/ui/RevokeTokenButton.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { useViewerAccounts } from '../administered.ts';
import { useApiTokens, useRevokeApiToken } from '../api/api-tokens.ts';
import { ApiGuide } from '../components/ApiGuide.tsx';
import { ApiTokenForm } from '../components/ApiTokenForm.tsx';
import { UsersAreaNav } from '../components/UsersAreaNav.tsx';
import { UsersAreaPage } from '../components/UsersAreaPage.tsx';

/** users/api-tokens: account administrators create, list and revoke their accounts' API tokens. */
export function ApiTokensPage() {
  return (
    <UsersAreaPage title="API tokens" noPermission="Only an administrator of an account can manage its API tokens.">
      <UsersAreaNav />
      <ApiTokens />
    </UsersAreaPage>
  );
}

function ApiTokens() {
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const { administered } = useViewerAccounts();
  const accountName = (id: number) => administered.find((a) => a.account_id === id)?.account_number ?? String(id);

  const columns: Column<ApiToken>[] = [
    { key: 'name', header: 'Name', render: (r) => r.name },
    { key: 'prefix', header: 'Token', render: (r) => `${r.prefix}…` },
    { key: 'accounts', header: 'Accounts', render: (r) => r.account_ids.map(accountName).join(', ') },
    { key: 'scopes', header: 'Scopes', render: (r) => r.scopes.join(', ') },
    { key: 'created_by', header: 'Created by', render: (r) => r.created_by ?? '' },
    { key: 'expires_at', header: 'Expires', render: (r) => formatDateTime(r.expires_at) },
    {
      key: 'last_used_at',
      header: 'Last used',
      render: (r) => (r.last_used_at ? formatDateTime(r.last_used_at) : 'never'),
    },
    revokeColumn(revoke),
  ];

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Tokens with which your own tools read invoices, services and usage, tickets, notifications and users of your
        accounts.
      </Text>
      <ApiTokenForm />
      <FormErrors error={revoke.error} />
      <DataTable
        caption="API tokens"
        columns={columns}
        rows={tokens.data}
        rowKey={(r) => r.id}
        loading={tokens.isPending}
        error={tokens.error}
        empty="There are no API tokens yet."
      />
      <ApiGuide />
    </Stack>
  );
}
