import { Radio, Table, Text } from '@mantine/core';
import { users, type Account, type AccessLevel, type AccountAccess } from '@portal/contract';

const levels = [users.accessLevels.admin, users.accessLevels.user, users.accessLevels.none] as const;

export interface ReadOnlyAccess {
  account: Account;
  level: AccessLevel;
}

export interface AccessLevelsFieldProps {
  /** The viewer's administered accounts: one row each, with radio buttons. */
  accounts: readonly Account[];
  value: readonly AccountAccess[];
  onChange: (value: AccountAccess[]) => void;
  /** Accounts shown without radio buttons (the viewer does not administer them). */
  readOnly?: readonly ReadOnlyAccess[];
  error?: string;
}

/** Access level per account (admin, user or none), as a table of radio groups. */
export function AccessLevelsField({ accounts, value, onChange, readOnly = [], error }: AccessLevelsFieldProps) {
  const levelOf = (accountId: number) => value.find((entry) => entry.account_id === accountId)?.access_level ?? 0;
  const set = (accountId: number, level: AccessLevel) =>
    onChange(
      accounts.map((a) => ({
        account_id: a.account_id,
        access_level: a.account_id === accountId ? level : levelOf(a.account_id),
      })),
    );

  return (
    <fieldset
      style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      aria-describedby={error ? 'access-levels-error' : undefined}
    >
      <legend>
        <Text fw={600} size="sm">
          Account access
        </Text>
      </legend>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              {levels.map((level) => (
                <Table.Th key={level} ta="center">
                  {users.accessLevelLabels[level]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {accounts.map((account) => (
              <Table.Tr key={account.account_id} data-testid={`access-${account.account_number}`}>
                <Table.Td>
                  <Text size="sm">{account.name}</Text>
                  <Text size="xs" c="dimmed">
                    {account.account_number}
                  </Text>
                </Table.Td>
                {levels.map((level) => (
                  <Table.Td key={level} ta="center">
                    <Radio
                      name={`access-${account.account_id}`}
                      value={String(level)}
                      checked={levelOf(account.account_id) === level}
                      onChange={() => set(account.account_id, level)}
                      aria-label={`${users.accessLevelLabels[level]} access to ${account.name} (${account.account_number})`}
                      styles={{ inner: { margin: '0 auto' } }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {readOnly.map(({ account, level }) => (
              <Table.Tr key={account.account_id} data-testid={`access-${account.account_number}`}>
                <Table.Td>
                  <Text size="sm">{account.name}</Text>
                  <Text size="xs" c="dimmed">
                    {account.account_number} · you do not administer this account
                  </Text>
                </Table.Td>
                {levels.map((l) => (
                  <Table.Td key={l} ta="center">
                    <Radio
                      checked={level === l}
                      disabled
                      readOnly
                      aria-label={`${users.accessLevelLabels[l]} access to ${account.name} (${account.account_number}), read only`}
                      styles={{ inner: { margin: '0 auto' } }}
                    />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error && (
        <Text id="access-levels-error" c="red" size="xs" role="alert" mt={4}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
