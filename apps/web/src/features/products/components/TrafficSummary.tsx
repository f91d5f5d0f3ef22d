import { SimpleGrid, Table, Text } from '@mantine/core';
import { messages, type NetworkSummary, type TrafficSummary as Traffic } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { ChartRange } from '../../../components/ui/chart/ranges.ts';
import { formatValue } from '../../../components/ui/chart/units.ts';
import { networkSummaryQueryOptions } from '../api/get-network-summary.ts';

/** From the first of this month (the viewer's calendar) to now: the burstable-billing month so far. */
export function monthToDate(nowMs = Date.now()): ChartRange {
  const now = new Date(nowMs);
  const start = Math.floor(new Date(now.getFullYear(), now.getMonth(), 1).getTime() / 1000);
  const end = Math.floor(nowMs / 60000) * 60;
  // On the first minute of a month the range would be empty: take that minute.
  return { start, end: Math.max(end, start + 60) };
}

const bits = (v: number | undefined) => formatValue('bitRate', v);

const figures: [keyof Traffic, string][] = [
  ['min', 'Min'],
  ['max', 'Max'],
  ['avg', 'Average'],
  ['p95', '95th percentile'],
  ['last', 'Last'],
];

/** One period's figures: a row per figure, In and Out side by side (narrow enough for a half-width card). */
function PeriodTable({
  caption,
  summary,
  busy,
}: {
  caption: string;
  summary: NetworkSummary | undefined;
  busy: boolean;
}) {
  return (
    <Table fz="sm" striped aria-busy={busy} captionSide="top" horizontalSpacing="xs">
      <Table.Caption ta="left" fw={600} c="var(--mantine-color-text)" m={0} mb={4}>
        {caption}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Traffic</Table.Th>
          <Table.Th scope="col" ta="right">
            In
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Out
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.map(([key, label]) => (
          <Table.Tr key={key}>
            <Table.Th scope="row" fw={key === 'p95' ? 700 : 500}>
              {label}
            </Table.Th>
            <Table.Td ta="right" fw={key === 'p95' ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
              {bits(summary?.in?.[key])}
            </Table.Td>
            <Table.Td ta="right" fw={key === 'p95' ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
              {bits(summary?.out?.[key])}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Min, max, average, 95th percentile (of the 5-minute averages, as burstable billing counts) and
 * last value in and out, for the chart's range and for the month to date.
 */
export function TrafficSummaryTable({
  baseOrderId,
  interfaceId,
  range,
}: {
  baseOrderId: number;
  interfaceId: number;
  range: ChartRange;
}) {
  const [month] = useState(() => monthToDate());
  const inRange = useQuery(
    networkSummaryQueryOptions({ baseOrderId, interfaceId, startDate: range.start, endDate: range.end }),
  );
  const toDate = useQuery(
    networkSummaryQueryOptions({ baseOrderId, interfaceId, startDate: month.start, endDate: month.end }),
  );
  if (inRange.error && toDate.error)
    return (
      <Text size="sm" c="dimmed" ta="center" role="alert">
        {messages.chartError}
      </Text>
    );
  const empty = (s: NetworkSummary | undefined) => s !== undefined && s.in === null && s.out === null;
  if (empty(inRange.data) && empty(toDate.data))
    return (
      <Text size="sm" c="dimmed" ta="center">
        {messages.chartEmpty}
      </Text>
    );
  const busy = inRange.isPending || toDate.isPending;
  return (
    // Side by side when the card (not the window) is wide enough: the card may be half the page.
    <SimpleGrid
      type="container"
      cols={{ base: 1, '520px': 2 }}
      spacing="md"
      data-testid="traffic-summary"
      aria-busy={busy}
    >
      <PeriodTable caption="This range" summary={inRange.data} busy={inRange.isPending} />
      <PeriodTable caption="Month to date" summary={toDate.data} busy={toDate.isPending} />
    </SimpleGrid>
  );
}
