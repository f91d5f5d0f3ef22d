import { Button, Stack, Text, Title } from '@mantine/core';
import type { AccountPin } from '@portal/contract';
import { useState } from 'react';

import type { Column } from '../../../components/ui/DataTable.tsx';
import { DataTable } from '../../../components/ui/DataTable.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { useUserAccountsPins } from '../api/get-user-accounts-pins.ts';
import { useSendPinReset } from '../api/send-pin-reset.ts';

function ResetButton({ account, sent, onSent }: { account: AccountPin; sent: boolean; onSent: () => void }) {
  const mutation = useSendPinReset();
  if (!account.has_pin) {
    return (
      <Text size="sm" c="dimmed">
        No PIN
      </Text>
    );
  }
  return (
    <Stack gap={4} align="flex-end">
      <Button
        size="xs"
        variant={sent ? 'light' : 'filled'}
        color={sent ? 'green' : undefined}
        disabled={sent}
        loading={mutation.isPending}
        onClick={() => mutation.mutate(account.account_id, { onSuccess: onSent })}
        aria-label={
          sent ? `Email Sent for account ${account.account_number}` : `Reset PIN of account ${account.account_number}`
        }
      >
        {sent ? 'Email Sent' : 'Reset PIN'}
      </Button>
      <FormErrors error={mutation.error} />
    </Stack>
  );
}

/** pins/index: the user's accounts that require a compliance PIN, each with a reset that mails a link. */
export function PinsPage() {
  const query = useUserAccountsPins();
  const [sent, setSent] = useState<ReadonlySet<number>>(new Set());
  const columns: Column<AccountPin>[] = [
    { key: 'name', header: 'Account name', render: (a) => a.name },
    { key: 'account_number', header: 'Account number', render: (a) => a.account_number },
    {
      key: 'reset',
      header: 'PIN',
      align: 'right',
      render: (a) => (
        <ResetButton
          account={a}
          sent={sent.has(a.account_id)}
          onSent={() => setSent((s) => new Set([...s, a.account_id]))}
        />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Compliance PINs
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        Our support team asks for an account&apos;s PIN before it makes changes. If you forgot a PIN, reset it: we email
        you a link that works once, for one hour, and shows the new PIN.
      </Text>
      <DataTable
        caption="Accounts that require a compliance PIN"
        columns={columns}
        rows={query.data}
        rowKey={(a) => a.account_id}
        loading={query.isPending}
        error={query.error}
        empty="None of your accounts requires a compliance PIN."
      />
    </Stack>
  );
}
