import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';

import { subscribeLive, type LivePoint } from './live-stream.ts';

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
    return subscribeLive(baseOrderId, (points) => latest.current(points));
  }, [baseOrderId, enabled]);
  return baseOrderId !== null && enabled;
}
