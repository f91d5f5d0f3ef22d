import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';

import { SecretOnce } from '../../../components/ui/SecretOnce.tsx';
import { formatDateTime } from '../../../lib/formats.ts';
import { useCalendarFeed, useRenewCalendarFeed, useTurnOffCalendarFeed } from '../api/calendar-feed.ts';

/**
 * The user's private calendar feed of maintenance and outages (decision 138): turn on (or renew, which
 * voids the old address) and turn off. The address is shown once, with a copy button.
 */
export function CalendarFeedBox() {
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  const on = feed.data?.created_at != null;
  const shown = renew.data && on && renew.data.created_at === feed.data?.created_at ? renew.data.url : null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="calendar-feed">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Calendar feed
        </Title>
        <Text size="sm">
          Subscribe to the maintenance and outages of your accounts in your calendar app (iCalendar). The address is
          private: anyone who has it sees these notices. Renew it to stop the old one working.
        </Text>
        {feed.data && (
          <Text size="sm" c="dimmed" data-testid="calendar-feed-state">
            {on
              ? `On since ${formatDateTime(feed.data.created_at!)}; ${
                  feed.data.last_read_at ? `last read ${formatDateTime(feed.data.last_read_at)}` : 'not read yet'
                }.`
              : 'Off.'}
          </Text>
        )}
        {shown && <SecretOnce secret={shown} testId="calendar-feed-url" />}
        <Group gap="xs">
          <Button size="xs" loading={renew.isPending} onClick={() => renew.mutate()} disabled={!feed.data}>
            {on ? 'Renew address' : 'Turn on'}
          </Button>
          {on && (
            <Button
              size="xs"
              variant="default"
              loading={turnOff.isPending}
              onClick={() => turnOff.mutate(undefined, { onSuccess: () => renew.reset() })}
            >
              Turn off
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
