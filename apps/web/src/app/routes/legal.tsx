import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment } from '../../lib/segments.ts';
import { segmentGuard } from '../segment-guard.ts';

const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const legalIndex = page(() => import('../../features/legal/pages/LegalIndexPage.tsx'), 'LegalIndexPage');
/** Exactly one segment, an agreement id; anything else goes to the dashboard. */
const oneId = segmentGuard((s) => idSegment(exactSegments(s, 1)?.[0]));

/** Legal agreements (protected): the pending ones, and one agreement by id. */
export const legalRoutes: RouteObject[] = [
  { path: 'legal', lazy: legalIndex },
  { path: 'legal/index', lazy: legalIndex },
  {
    path: 'legal/view/*',
    loader: oneId,
    lazy: page(() => import('../../features/legal/pages/LegalViewPage.tsx'), 'LegalViewPage'),
  },
];

/** An active agreement, readable before sign-in (account creation links to it in a new tab). */
export const legalPublicRoutes: RouteObject[] = [
  {
    path: 's/agreement/*',
    loader: oneId,
    lazy: page(() => import('../../features/legal/pages/PublicAgreementPage.tsx'), 'PublicAgreementPage'),
  },
];
