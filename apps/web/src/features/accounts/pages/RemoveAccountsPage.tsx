import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { messages } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';

import { EmptyState } from '../../../components/ui/PageStates.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';
import { loadLoginData } from '../../../lib/login-data.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useRemoveAccounts } from '../api/remove-accounts.ts';

/** users/accounts: remove accounts from one's own portal access (spec core.md sections 2 and 5). */
export function RemoveAccountsPage() {
  const { accounts } = useLoginData();
  const mutation = useRemoveAccounts();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);

  const toggle = (accountId: number, checked: boolean) => {
    setClientError(null);
    setConfirming(false);
    setSelected((current) => (checked ? [...current, accountId] : current.filter((id) => id !== accountId)));
  };

  const submit = () => {
    if (selected.length === 0) {
      setClientError(messages.selectAccountToRemove);
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    mutation.mutate(selected, {
      onSuccess: async () => {
        setSelected([]);
        setConfirming(false);
        await loadLoginData();
      },
    });
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Accounts
      </Title>
      <Group gap="xs">
        <Button component={Link} to={paths.addAccount()} size="xs" variant="default">
          Add account
        </Button>
        <Button component={Link} to={paths.manageAccounts()} size="xs" variant="default">
          Manage accounts
        </Button>
      </Group>
      {mutation.isSuccess && (
        <Alert color="green" variant="light" role="status">
          {mutation.data.length === 1 ? 'The account was removed' : `${mutation.data.length} accounts were removed`}{' '}
          from your portal access.
        </Alert>
      )}
      <Paper withBorder p="md" radius="md">
        {accounts.length === 0 ? (
          <EmptyState>{messages.noAccounts}</EmptyState>
        ) : (
          <form
            aria-label="Remove accounts"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack gap="md">
              <Text size="sm">Select the accounts to remove from your portal access.</Text>
              <FormErrors error={mutation.error} messages={clientError ? [clientError] : []} />
              <Checkbox.Group value={selected.map(String)} label="Your accounts">
                <Stack gap="xs" mt="xs">
                  {accounts.map((account) => (
                    <Checkbox
                      key={account.account_id}
                      value={String(account.account_id)}
                      checked={selected.includes(account.account_id)}
                      onChange={(event) => toggle(account.account_id, event.currentTarget.checked)}
                      label={`${account.name} (${account.account_number})${account.is_account_admin ? ' · administrator' : ''}`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              {confirming && (
                <Alert color="orange" variant="light" role="alert">
                  You will lose access to {selected.length === 1 ? 'this account' : `these ${selected.length} accounts`}
                  . Press Remove again to confirm.
                </Alert>
              )}
              <Group justify="flex-end">
                {confirming && (
                  <Button variant="default" onClick={() => setConfirming(false)}>
                    Cancel
                  </Button>
                )}
                <Button type="submit" color="red" loading={mutation.isPending}>
                  Remove{confirming ? ' (confirm)' : ''}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
