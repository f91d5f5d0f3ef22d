import { Stack, Title } from '@mantine/core';
import { useLoaderData } from 'react-router';

import { AuditLog } from '../components/AuditLog.tsx';

/** admin/audit-log/{accountId} (staff level 1+): the same log of any account. */
export function StaffAuditLogPage() {
  const accountId = useLoaderData<number>();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Audit log of account {accountId}
      </Title>
      <AuditLog accountId={accountId} />
    </Stack>
  );
}
