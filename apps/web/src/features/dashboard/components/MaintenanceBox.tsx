import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';

import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { Placeholder } from '../../../components/ui/Skeletons.tsx';
import { paths } from '../../../config/paths.ts';
import { useActiveNotificationCounts } from '../../notifications/index.ts';
import { DashboardCard } from './DashboardCard.tsx';

/** Each count opens the list it counts: that maintenance window, on all the user's accounts. */
function Count({ value, label, window }: { value: number | string; label: string; window: 'upcoming' | 'recent' }) {
  return (
    <Anchor
      component={Link}
      to={`${paths.notifications()}?accounts=all&window=${window}`}
      underline="never"
      c="inherit"
    >
      <Text fz={34} fw={700} c="brand" lh={1.1}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Anchor>
  );
}

/** Counts of upcoming and recent maintenance notifications, linking to the notifications list. */
export function MaintenanceBox() {
  const counts = useActiveNotificationCounts();
  const busy = !counts.error && counts.isPending;
  return (
    <DashboardCard
      title="Maintenance"
      action={{ label: 'All notifications', to: paths.notifications() }}
      testId="maintenance-box"
      busy={busy}
    >
      {counts.error ? (
        <ErrorBox error={counts.error} />
      ) : (
        <SimpleGrid cols={2}>
          {counts.data ? (
            <>
              <Count value={counts.data.upcomingCount} label="Upcoming maintenance" window="upcoming" />
              <Count value={counts.data.recentCount} label="Recent maintenance" window="recent" />
            </>
          ) : (
            <>
              <Placeholder>
                <Text fz={34} lh={1.1}>
                  0
                </Text>
                <Text size="sm">Upcoming maintenance</Text>
              </Placeholder>
              <Placeholder>
                <Text fz={34} lh={1.1}>
                  0
                </Text>
                <Text size="sm">Recent maintenance</Text>
              </Placeholder>
            </>
          )}
        </SimpleGrid>
      )}
    </DashboardCard>
  );
}
