import { Table, Text } from '@mantine/core';
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

function Rows({ label, summary }: { label: string; summary: NetworkSummary | undefined }) {
  return (['in', 'out'] as const).map((dir) => {
    const t: Traffic | null | undefined = summary?.[dir];
    return (
      <Table.Tr key={`${label}-${dir}`}>
        <Table.Th scope="row" fw={500}>
          {dir === 'in' ? 'In' : 'Out'}, {label}
        </Table.Th>
        <Table.Td ta="right">{bits(t?.min)}</Table.Td>
        <Table.Td ta="right">{bits(t?.max)}</Table.Td>
        <Table.Td ta="right">{bits(t?.avg)}</Table.Td>
        <Table.Td ta="right" fw={600}>
          {bits(t?.p95)}
        </Table.Td>
        <Table.Td ta="right">{bits(t?.last)}</Table.Td>
      </Table.Tr>
    );
  });
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
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table
        fz="sm"
        striped
        aria-label="Traffic summary"
        data-testid="traffic-summary"
        aria-busy={inRange.isPending || toDate.isPending}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Traffic</Table.Th>
            <Table.Th scope="col" ta="right">
              Min
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Max
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Average
            </Table.Th>
            <Table.Th scope="col" ta="right">
              95th percentile
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Last
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Rows label="this range" summary={inRange.data} />
          <Rows label="month to date" summary={toDate.data} />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
