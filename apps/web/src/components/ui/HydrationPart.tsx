import { Suspense, useEffect, useId, type ReactNode } from 'react';

import { partTakenOver } from '../../lib/hydration-mark.ts';

function TakenOver() {
  const id = useId();
  useEffect(() => partTakenOver(id), [id]);
  return null;
}

/**
 * A part of a page that React takes over in a task of its own when the server rendered the page
 * (decision 109): a phone's main thread is free for input between parts. Every Suspense boundary a
 * server-rendered page holds is one of these, so the document's `data-hydrated` mark waits for all of
 * them (decision 111).
 */
export function HydrationPart({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <TakenOver />
      {children}
    </Suspense>
  );
}
