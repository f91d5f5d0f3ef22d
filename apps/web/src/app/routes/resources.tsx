import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment } from '../../lib/segments.ts';
import { segmentGuard } from '../segment-guard.ts';

/** Resources (protected): resources/{categoryId}, resources/view/{resourceId} and the r/index start page. */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const oneId = <K extends string>(key: K) =>
  segmentGuard((s) => {
    const id = idSegment(exactSegments(s, 1)?.[0]);
    return id === null ? null : ({ [key]: id } as Record<K, number>);
  });

export const resourcesRoutes: RouteObject[] = [
  {
    path: 'r/index',
    lazy: page(() => import('../../features/resources/pages/ResourcesIndexPage.tsx'), 'ResourcesIndexPage'),
  },
  {
    path: 'resources/view/*',
    loader: oneId('resourceId'),
    lazy: page(() => import('../../features/resources/pages/ResourcePage.tsx'), 'ResourcePage'),
  },
  {
    path: 'resources/*',
    loader: oneId('categoryId'),
    lazy: page(() => import('../../features/resources/pages/ResourcesPage.tsx'), 'ResourcesPage'),
  },
];
