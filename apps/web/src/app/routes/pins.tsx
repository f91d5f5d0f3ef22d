import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment } from '../../lib/segments.ts';
import { segmentGuard } from '../segment-guard.ts';

/** Compliance PINs (protected): pins/index and pins/reset/{resetKey}/{accountId}. */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const pinsPage = page(() => import('../../features/pins/pages/PinsPage.tsx'), 'PinsPage');

export const pinsRoutes: RouteObject[] = [
  { path: 'pins', lazy: pinsPage },
  { path: 'pins/index', lazy: pinsPage },
  {
    path: 'pins/reset/*',
    loader: segmentGuard((s) => {
      const [resetKey, account] = exactSegments(s, 2) ?? [];
      const accountId = idSegment(account);
      return resetKey && /^[\w-]{1,200}$/.test(resetKey) && accountId !== null ? { resetKey, accountId } : null;
    }),
    lazy: page(() => import('../../features/pins/pages/PinResetPage.tsx'), 'PinResetPage'),
  },
];
