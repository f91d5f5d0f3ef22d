import { Anchor, Badge, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { messages, type DsObjectStats, type VpgStatus } from '@portal/contract';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { ChartGrid } from '../../../components/ui/chart/ChartGrid.tsx';
import { defaultRanges, type ChartRange } from '../../../components/ui/chart-rules.ts';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { vpgStatusColor, vpgStatusLabel } from '../disaster-recovery-format.ts';

interface ObjectQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

/**
 * The part of a disaster recovery sub-page (a protection group or a VM) under the order's header: a
 * link back to the order's page, the object's name and status, its stats cards and then its content.
 * An object of another order, or none, shows the order lookup's "No order found." box.
 */
export function ObjectSection<T extends { base_order_id: number }>({
  baseOrderId,
  query,
  title,
  status,
  stats,
  children,
}: {
  baseOrderId: number;
  query: ObjectQuery<T>;
  title: (object: T) => string;
  status?: (object: T) => VpgStatus;
  stats: (object: T) => ReactNode[];
  children: (object: T) => ReactNode;
}) {
  const back = (
    <Anchor component={Link} to={paths.service('ds', baseOrderId)} size="sm">
      ‹ All protected VMs of this order
    </Anchor>
  );
  if (query.error || (query.data && query.data.base_order_id !== baseOrderId)) {
    const notFound = !query.error || (isApiError(query.error) && query.error.code === 'NOT_FOUND');
    return (
      <Stack gap="sm">
        {back}
        <ErrorBox error={query.error} {...(notFound ? { message: messages.noOrder } : {})} />
      </Stack>
    );
  }
  if (!query.data) return <LoadingState />;
  const object = query.data;
  const state = status?.(object);
  return (
    <Stack gap="md">
      {back}
      <Group gap="sm" align="center">
        <Title order={2} size="h3">
          {title(object)}
        </Title>
        {state && (
          <Badge variant="light" color={vpgStatusColor(state)}>
            {vpgStatusLabel[state]}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        {stats(object)}
      </SimpleGrid>
      {children(object)}
    </Stack>
  );
}

/** The storage and RPO charts of a protection group or a VM (get-vpg-stats, get-vm-stats). */
export function ObjectCharts<K extends QueryKey>({
  query,
}: {
  query: (range: ChartRange) => UseQueryOptions<DsObjectStats, Error, DsObjectStats, K>;
}) {
  return (
    <ChartGrid>
      <TimeSeriesChart
        title="Storage"
        defaultRange={defaultRanges.month}
        query={query}
        select={(s) => s.storage}
        unit="bytes"
      />
      <TimeSeriesChart
        title="Actual RPO (seconds)"
        defaultRange={defaultRanges.month}
        query={query}
        select={(s) => s.rpo}
        unit="number"
      />
    </ChartGrid>
  );
}
