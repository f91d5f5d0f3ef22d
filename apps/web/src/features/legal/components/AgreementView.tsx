import { Badge, Button, Group, Paper, Stack, Title, Typography } from '@mantine/core';
import type { legal } from '@portal/contract';
import type { ReactNode } from 'react';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';

export interface AgreementViewProps {
  agreement: legal.Agreement;
  /** Shown above the title (e.g. "1 of 2"). */
  note?: ReactNode;
  /** Without it (or when accepted), no Agree button. */
  onAgree?: () => void;
  accepted?: boolean;
  pending?: boolean;
  error?: unknown;
}

/** An agreement's title and HTML body (sanitized on the server) with the Agree button. */
export function AgreementView({ agreement, note, onAgree, accepted, pending, error }: AgreementViewProps) {
  return (
    <Stack gap="md" maw={860}>
      {note}
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {agreement.title}
        </Title>
        {accepted ? <Badge color="green">Accepted</Badge> : null}
      </Group>
      <Paper withBorder radius="md" p="lg" mah={{ base: 'none', sm: '60vh' }} style={{ overflowY: 'auto' }}>
        {/* The API sanitized this HTML (formatting and safe links only); inserted HTML never runs scripts. */}
        <Typography>
          <div data-testid="agreement-body" dangerouslySetInnerHTML={{ __html: agreement.body }} />
        </Typography>
      </Paper>
      <FormErrors error={error} />
      {onAgree && !accepted ? (
        <Group justify="flex-end">
          <Button onClick={onAgree} loading={pending} size="md">
            Agree
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
