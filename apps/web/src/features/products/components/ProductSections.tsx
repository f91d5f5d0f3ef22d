import { Group, Paper, SimpleGrid, Stack, Tabs, Title, VisuallyHidden } from '@mantine/core';
import { Children, type ReactNode } from 'react';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import { HydrationPart } from '../../../components/ui/HydrationPart.tsx';
import { EmptyState } from '../../../components/ui/PageStates.tsx';

/**
 * The body of every product page (decision 099), in one order: stats cards, the chart grid, then the
 * tables. Each part is left out when it has nothing; `empty` stands in for the whole body.
 */
export function ProductSections({
  stats,
  charts,
  tables,
  children,
}: {
  stats?: ReactNode;
  charts?: ReactNode;
  tables?: ReactNode;
  /** Anything a page shows between the cards and the charts (a notice, an action bar). */
  children?: ReactNode;
}) {
  return (
    <Stack gap="md" data-testid="product-sections">
      {/* Cards and tables are parts of their own, as each chart is (decisions 109, 112). */}
      {hasItems(stats) && (
        <HydrationPart>
          <StatsGrid>{stats}</StatsGrid>
        </HydrationPart>
      )}
      {children}
      {hasItems(charts) && (
        // The charts' titles are third-level headings: this one, heard and not seen, puts them under the
        // page's title in order (Lighthouse's heading-order audit; the cards above carry no heading).
        <section aria-labelledby="product-charts-heading">
          <VisuallyHidden component="h2" id="product-charts-heading">
            Usage charts
          </VisuallyHidden>
          <ChartGrid>{charts}</ChartGrid>
        </section>
      )}
      {hasItems(tables) && (
        <HydrationPart>
          <Stack gap="md">{tables}</Stack>
        </HydrationPart>
      )}
    </Stack>
  );
}

const hasItems = (node: ReactNode) => Children.toArray(node).length > 0;

/** The stats cards of a product page: one row of up to 4 on a wide screen, 2 on a tablet, 1 on a phone. */
export function StatsGrid({ children }: { children: ReactNode }) {
  const count = Children.toArray(children).length;
  return (
    <SimpleGrid
      cols={{ base: 1, xs: Math.min(2, count), md: Math.min(count === 6 ? 3 : 4, count) }}
      spacing="md"
      data-testid="stats-grid"
    >
      {children}
    </SimpleGrid>
  );
}

/** A titled box of a product page holding a table or a list, with its actions (a download) beside the title. */
export function PageSection({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" {...(testId ? { 'data-testid': testId } : {})}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export interface ProductTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * Tabs of the parts that apply to an order (open cloud, backup platform), each holding its own
 * sections; `empty` when none applies.
 */
export function ProductTabs({ tabs, empty }: { tabs: readonly ProductTab[]; empty: string }) {
  if (tabs.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Tabs defaultValue={tabs[0]?.value ?? null} keepMounted={false}>
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
