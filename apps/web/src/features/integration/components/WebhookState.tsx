import { Button, Text } from '@mantine/core';
import type { IntegrationToken } from '@portal/contract';

import { formatDateTime } from '../../../lib/formats.ts';

/**
 * Where a token's events go and how their delivery stands; a webhook disabled after failing too long
 * (decision 117) shows why, and a button that turns it back on.
 */
export function WebhookState({
  webhook,
  name,
  onEnable,
  enabling = false,
}: {
  webhook: IntegrationToken['webhook'];
  /** The token's name, for the button's label. */
  name: string;
  onEnable: () => void;
  enabling?: boolean;
}) {
  if (!webhook) return <Text size="sm">none</Text>;
  return (
    <div data-testid="webhook-state">
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {webhook.url}
      </Text>
      {webhook.disabled_at ? (
        <>
          <Text size="xs" c="red">
            disabled {formatDateTime(webhook.disabled_at)}: {webhook.disabled_reason}
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            mt={4}
            aria-label={`Re-enable the webhook of ${name}`}
            loading={enabling}
            onClick={onEnable}
          >
            Re-enable
          </Button>
        </>
      ) : webhook.attempts > 0 ? (
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
