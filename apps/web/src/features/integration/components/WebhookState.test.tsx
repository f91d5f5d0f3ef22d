import { MantineProvider } from '@mantine/core';
import type { IntegrationToken } from '@portal/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { theme } from '../../../app/theme.ts';
import { WebhookState } from './WebhookState.tsx';

afterEach(cleanup);

const webhook: NonNullable<IntegrationToken['webhook']> = {
  url: 'https://billing.example/hooks',
  cursor: 41,
  attempts: 97,
  next_attempt_at: 1_764_300_000,
  last_error: 'HTTP 503',
  delivered_at: 1_764_000_000,
  disabled_at: 1_764_290_000,
  disabled_reason:
    'Every delivery failed for more than 3 days (since 2026-11-25T09:00:00.000Z). The last error: HTTP 503',
};

const renderState = (state: IntegrationToken['webhook'], onEnable = vi.fn()) =>
  render(
    <MantineProvider theme={theme}>
      <WebhookState webhook={state} name="billing feed" onEnable={onEnable} />
    </MantineProvider>,
  );

describe('WebhookState', () => {
  it('shows why a webhook was disabled and re-enables it with one button', () => {
    const onEnable = vi.fn();
    renderState(webhook, onEnable);
    expect(screen.getByTestId('webhook-state').textContent).toContain(webhook.disabled_reason);
    fireEvent.click(screen.getByRole('button', { name: 'Re-enable the webhook of billing feed' }));
    expect(onEnable).toHaveBeenCalledTimes(1);
  });

  it('offers no button while the webhook is enabled, failing or not', () => {
    renderState({ ...webhook, disabled_at: null, disabled_reason: null });
    expect(screen.getByTestId('webhook-state').textContent).toContain('failing: 97 attempts (HTTP 503)');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
