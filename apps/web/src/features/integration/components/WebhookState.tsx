import { Text } from '@mantine/core';
import type { IntegrationToken } from '@portal/contract';

import { formatDateTime } from '../../../lib/formats.ts';

/** Where a token's events go and how their delivery stands. */
export function WebhookState({ webhook }: { webhook: IntegrationToken['webhook'] }) {
  if (!webhook) return <Text size="sm">none</Text>;
  return (
    <div data-testid="webhook-state">
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {webhook.url}
      </Text>
      {webhook.attempts > 0 ? (
        <Text size="xs" c="red">
          failing: {webhook.attempts} {webhook.attempts === 1 ? 'attempt' : 'attempts'} ({webhook.last_error}); next try{' '}
          {webhook.next_attempt_at ? formatDateTime(webhook.next_attempt_at) : 'soon'}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {webhook.delivered_at
            ? `delivered up to event ${webhook.cursor}, last ${formatDateTime(webhook.delivered_at)}`
            : 'nothing delivered yet'}
        </Text>
      )}
    </div>
  );
}
