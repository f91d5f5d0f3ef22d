import { Alert, Anchor, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';

import { FormActions } from '../../../components/ui/FormActions.tsx';
import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { paths } from '../../../config/paths.ts';
import { loadLoginData } from '../../../lib/login-data.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useUpdateAccounts } from '../api/update-accounts.ts';

/** users/manage-accounts: the two-factor requirement of each account the viewer administers. */
export function ManageAccountsPage() {
  const { accounts, user } = useLoginData();
  const administered = accounts.filter((account) => account.is_account_admin);
  const mutation = useUpdateAccounts();
  const [required, setRequired] = useState<number[]>(() =>
    administered.filter((account) => account.is_2fa_required).map((account) => account.account_id),
  );

  const toggle = (accountId: number, on: boolean) => {
    mutation.reset();
    setRequired((current) => (on ? [...current, accountId] : current.filter((id) => id !== accountId)));
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Manage Accounts
      </Title>
      <Group gap="xs">
        <Button component={Link} to={paths.addAccount()} size="xs" variant="default">
          Add account
        </Button>
        <Button component={Link} to={paths.removeAccounts()} size="xs" variant="default">
          Remove accounts
        </Button>
      </Group>
      {administered.length === 0 ? (
        <Alert color="yellow" variant="light" role="alert" data-testid="no-permission">
          You do not administer any account.
        </Alert>
      ) : (
        <Paper withBorder p="md" radius="md">
          <form
            aria-label="Two-factor requirement"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              mutation.mutate(required, { onSuccess: () => void loadLoginData() });
            }}
          >
            <Stack gap="md">
              <Text size="sm">
                When an account requires two-factor sign-in, each of its users must turn on two-factor authentication in
                their profile before they can use the portal.
              </Text>
              {!user.two_factor_enabled && (
                <Alert color="blue" variant="light">
                  Your own two-factor authentication is off. Turn it on in your{' '}
                  <Anchor component={Link} to={paths.profile('two-factor')}>
                    profile
                  </Anchor>{' '}
                  before requiring it on an account.
                </Alert>
              )}
              {mutation.isSuccess && (
                <Alert color="green" variant="light" role="status">
                  The two-factor requirements were saved.
                </Alert>
              )}
              <FormErrors error={mutation.error} />
              {administered.map((account) => (
                <Switch
                  key={account.account_id}
                  checked={required.includes(account.account_id)}
                  onChange={(event) => toggle(account.account_id, event.currentTarget.checked)}
                  label={`${account.name} (${account.account_number})`}
                  description="Require two-factor sign-in"
                />
              ))}
              <FormActions submit="Save" pending={mutation.isPending} />
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}
