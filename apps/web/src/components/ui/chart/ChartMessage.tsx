import { messages } from '@portal/contract';

import { EmptyState, LoadingState } from '../PageStates.tsx';

export type ChartStateKind = 'loading' | 'error' | 'empty';

/**
 * A chart's body when it has nothing to draw, worded as the spec says (services.md section 8) and the
 * same height as a drawn chart, so a page does not jump when its charts arrive.
 */
export function ChartMessage({ kind, height }: { kind: ChartStateKind; height: number }) {
  if (kind === 'loading') return <LoadingState label="Loading chart…" minHeight={height} />;
  return (
    <div data-testid={kind === 'error' ? 'chart-error' : 'chart-empty'} role={kind === 'error' ? 'alert' : undefined}>
      <EmptyState minHeight={height}>{kind === 'error' ? messages.chartError : messages.chartEmpty}</EmptyState>
    </div>
  );
}
