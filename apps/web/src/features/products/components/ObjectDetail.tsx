import { Stack, Text, Title } from '@mantine/core';
import type { ChartData, productsEb } from '@portal/contract';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import type { ChartRange } from '../../../components/ui/chart-rules.ts';
import { defaultRanges } from '../../../components/ui/chart-rules.ts';
import type { ChartUnit } from '../../../components/ui/chart/units.ts';
import { ErrorBox } from '../../../components/ui/ErrorBox.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { TimeSeriesChart } from '../../../components/ui/TimeSeriesChart.tsx';
import { isApiError } from '../../../lib/api-error.ts';
import { ProductSections } from './ProductSections.tsx';
import { runStatusColor, runStatusLabel } from '../endpoint-backup-status.ts';

export interface ObjectChart<S> {
  title: string;
  select: (stats: S) => ChartData;
  unit: ChartUnit;
}

/**
 * The body of an agent client's or an image machine's page: its name and facts, its stats cards and
 * its two charts over the shared layout; the object's loading and not-found states.
 */
export function ObjectDetail<T, S, K extends QueryKey>({
  query,
  notFound,
  testId,
  heading,
  stats,
  statsQuery,
  charts,
}: {
  query: { data: T | undefined; error: unknown };
  notFound: string;
  testId: string;
  heading: (object: T) => { title: string; subtitle: string };
  stats: (object: T) => ReactNode[];
  statsQuery: (range: ChartRange) => UseQueryOptions<S, Error, S, K>;
  charts: readonly ObjectChart<S>[];
}) {
  if (query.error) {
    const missing = isApiError(query.error) && query.error.code === 'NOT_FOUND';
    return <ErrorBox error={query.error} {...(missing ? { message: notFound } : {})} />;
  }
  if (!query.data) return <LoadingState />;
  const { title, subtitle } = heading(query.data);
  return (
    <Stack gap="md" data-testid={testId}>
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </div>
      <ProductSections
        stats={stats(query.data)}
        charts={charts.map((c) => (
          <TimeSeriesChart
            key={c.title}
            title={c.title}
            defaultRange={defaultRanges.month}
            query={statsQuery}
            select={c.select}
            unit={c.unit}
          />
        ))}
      />
    </Stack>
  );
}

/** How the latest run ended, coloured, as a stats card's figure. */
export function RunStatusText({ status }: { status: productsEb.RunStatus | null }) {
  return (
    <Text span inherit c={`${runStatusColor(status)}.9`}>
      {runStatusLabel(status)}
    </Text>
  );
}
