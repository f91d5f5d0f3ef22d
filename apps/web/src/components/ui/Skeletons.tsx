import { Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Placeholder content while data loads: the real layout rendered with stand-in values under a
 * skeleton, so the box already has the size the data will give it and nothing moves when the data
 * arrives (layout shift budget, decision 058). The stand-in content is hidden from assistive
 * technology and cannot be focused; the surrounding box says it is busy.
 */
export function Placeholder({ children, radius }: { children: ReactNode; radius?: string | number }) {
  return (
    <Skeleton visible radius={radius} aria-hidden inert data-placeholder>
      {children}
    </Skeleton>
  );
}
