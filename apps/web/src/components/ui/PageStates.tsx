import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { ErrorBox } from './ErrorBox.tsx';

/** Loading state of a page or box: a spinner with a screen-reader label. */
export function LoadingState({ label = 'Loading…', minHeight = 120 }: { label?: string; minHeight?: number }) {
  return (
    <Center mih={minHeight} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="sm" aria-hidden />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** Empty state: nothing to show (not an error). */
export function EmptyState({ children, minHeight = 80 }: { children: ReactNode; minHeight?: number }) {
  return (
    <Center mih={minHeight}>
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

export interface PageStatesProps<T> {
  /** The query's data, error and loading flag (pass a useQuery result's fields). */
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}

/** One way to render loading / error / empty / data for a query. */
export function PageStates<T>({ data, error, isPending, isEmpty, empty, loadingLabel, children }: PageStatesProps<T>) {
  if (error) return <ErrorBox error={error} />;
  if (isPending || data === undefined) return <LoadingState label={loadingLabel} />;
  if (isEmpty?.(data)) return <EmptyState>{empty ?? 'Nothing to show.'}</EmptyState>;
  return <>{children(data)}</>;
}
