import { SimpleGrid, Stack, Text, Title } from '@mantine/core';

import { HydrationPart } from '../../../components/ui/HydrationPart.tsx';
import { OutageBanners } from '../../../components/ui/OutageBanners.tsx';
import { titleOf, useBrand } from '../../../lib/brand.ts';
import { useLoginData } from '../../../lib/use-session.ts';
import { useOutages } from '../../notifications/index.ts';
import { PaymentActionsNotice } from '../../payments/index.ts';
import { AwaitingResponseNotice } from '../components/AwaitingResponseNotice.tsx';
import { InvoiceBox } from '../components/InvoiceBox.tsx';
import { MaintenanceBox } from '../components/MaintenanceBox.tsx';
import { PendingOrdersBox } from '../components/PendingOrdersBox.tsx';
import { TeamBox } from '../components/TeamBox.tsx';
import { TicketsBox } from '../components/TicketsBox.tsx';

/** The boxes of the two-column grid, in reading order. */
const gridBoxes = [InvoiceBox, TeamBox, TicketsBox, MaintenanceBox];

/** home/index: the signed-in user's overview (spec core.md section 2, Dashboard). */
export function DashboardPage() {
  const { user } = useLoginData();
  const outages = useOutages();
  const brand = useBrand();
  return (
    <Stack gap="md">
      <title>{titleOf('Dashboard', brand)}</title>
      <div>
        <Title order={1} size="h2" data-testid="greeting">
          Welcome, {user.first_nm}
        </Title>
        <Text c="dimmed" size="sm">
          Here is what is happening with your services.
        </Text>
      </div>
      <OutageBanners outages={outages.data} />
      <AwaitingResponseNotice />
      <PaymentActionsNotice />
      {/* Each box of a page the server rendered is taken over in a task of its own (decision 109). */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {gridBoxes.map((Box, place) => (
          <HydrationPart key={place}>
            <Box />
          </HydrationPart>
        ))}
      </SimpleGrid>
      <HydrationPart>
        <PendingOrdersBox />
      </HydrationPart>
    </Stack>
  );
}
