import { Stack, Text, Title } from '@mantine/core';
import type { IntegrationToken } from '@portal/contract';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { revokeColumn } from '../../../components/ui/RevokeTokenButton.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { useTokens } from '../api/list-tokens.ts';
import { useEnableWebhook } from '../api/enable-webhook.ts';
import { useRevokeToken } from '../api/revoke-token.ts';
import { BatchRecords } from '../components/BatchRecords.tsx';
import { InviteLoadedUsers } from '../components/InviteLoadedUsers.tsx';
import { NewTokenForm } from '../components/NewTokenForm.tsx';
import { WebhookState } from '../components/WebhookState.tsx';

/** admin/integration (staff level 3): the provider's integration tokens and the record of their batches. */
export function IntegrationPage() {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const enable = useEnableWebhook();

  const columns: Column<IntegrationToken>[] = [
    { key: 'name', header: 'Name', render: (r) => r.name },
    { key: 'scopes', header: 'Scopes', render: (r) => r.scopes.join(', ') },
    { key: 'created_at', header: 'Created', render: (r) => formatDateTime(r.created_at) },
    {
      key: 'last_used_at',
      header: 'Last used',
      render: (r) => (r.last_used_at ? formatDateTime(r.last_used_at) : 'never'),
    },
    {
      key: 'webhook',
      header: 'Webhook',
      render: (r) => (
        <WebhookState
          webhook={r.webhook}
          name={r.name}
          enabling={enable.isPending && enable.variables === r.id}
          onEnable={() => enable.mutate(r.id)}
        />
      ),
    },
    revokeColumn(revoke),
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Provider Integration
        </Title>
        <Text size="sm" c="dimmed">
          Tokens with which the provider&apos;s billing, provisioning and helpdesk systems call /api/integration/v1.
        </Text>
      </div>
      <NewTokenForm />
      <FormErrors error={revoke.error ?? enable.error} />
      <DataTable
        caption="Integration tokens"
        columns={columns}
        rows={tokens.data}
        rowKey={(r) => r.id}
        loading={tokens.isPending}
        error={tokens.error}
        empty="There are no integration tokens yet."
      />
      <InviteLoadedUsers />
      <BatchRecords />
    </Stack>
  );
}
