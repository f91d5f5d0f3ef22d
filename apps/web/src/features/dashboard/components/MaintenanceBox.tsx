import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';

import { PageStates } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { useActiveNotificationCounts } from '../../notifications/api/get-active-notification-counts.ts';
import { DashboardCard } from './DashboardCard.tsx';

function Count({ value, label }: { value: number; label: string }) {
  return (
    <Anchor component={Link} to={paths.notifications()} underline="never" c="inherit">
      <Text fz={34} fw={700} c="navy.9" lh={1.1}>
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
  return (
    <DashboardCard
      title="Maintenance"
      action={{ label: 'All notifications', to: paths.notifications() }}
      testId="maintenance-box"
    >
      <PageStates data={counts.data} error={counts.error} isPending={counts.isPending}>
        {(data) => (
          <SimpleGrid cols={2}>
            <Count value={data.upcomingCount} label="Upcoming maintenance" />
            <Count value={data.recentCount} label="Recent maintenance" />
          </SimpleGrid>
        )}
      </PageStates>
    </DashboardCard>
  );
}
