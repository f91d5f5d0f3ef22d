import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

import type { LivePoint } from './live-stream.ts';

const LiveOrderContext = createContext<number | null>(null);

/**
 * The order whose charts below update live (issue 13): product pages wrap their content in it once
 * (ProductShell does), and every TimeSeriesChart inside listens to the order's one shared stream.
 */
export function LiveOrder({ baseOrderId, children }: { baseOrderId: number; children: ReactNode }) {
  return <LiveOrderContext.Provider value={baseOrderId}>{children}</LiveOrderContext.Provider>;
}

/**
 * Calls `onPoints` with the live points of the surrounding LiveOrder's order while `enabled`; answers
 * whether it listens (false outside a LiveOrder).
 */
export function useLivePoints(onPoints: (points: readonly LivePoint[]) => void, enabled: boolean): boolean {
  const baseOrderId = useContext(LiveOrderContext);
  const latest = useRef(onPoints);
  useEffect(() => {
    latest.current = onPoints;
  });
  useEffect(() => {
    if (baseOrderId === null || !enabled) return undefined;
    // The stream's code (its parser and the checks of what it sends) loads when a chart first listens,
    // not with the page: a product page's first load has that much less to fetch and run (decision 110).
    let stop: (() => void) | undefined;
    let stopped = false;
    void import('./live-stream.ts').then(({ subscribeLive }) => {
      if (!stopped) stop = subscribeLive(baseOrderId, (points) => latest.current(points));
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [baseOrderId, enabled]);
  return baseOrderId !== null && enabled;
}
