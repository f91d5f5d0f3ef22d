import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { parseServicesSegment } from '../../features/services/services-scope.ts';
import { exactSegments, idSegment, optionalSegments } from '../../lib/segments.ts';
import { serverPage } from '../first-screen.ts';
import { segmentGuard } from '../segment-guard.ts';

/**
 * Services area (protected): services/{group path or product code}, the generic order page at
 * service/{product controller}/{baseOrderId} (per-product pages register their own static
 * controller and take precedence), and service/change-alias/{baseOrderId}.
 */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const servicesPage = page(() => import('../../features/services/pages/ServicesPage.tsx'), 'ServicesPage');
/** The services lists are rendered on the server (decision 109). */
const servicesHandle = serverPage('src/features/services/pages/ServicesPage.tsx');

/** Exactly one segment, a base order id. */
const baseOrderGuard = segmentGuard((s) => {
  const baseOrderId = idSegment(exactSegments(s, 1)?.[0]);
  return baseOrderId === null ? null : { baseOrderId };
});

export const servicesRoutes: RouteObject[] = [
  { path: 'services', loader: () => parseServicesSegment(undefined), lazy: servicesPage, handle: servicesHandle },
  { path: 'services/index', loader: () => parseServicesSegment(undefined), lazy: servicesPage, handle: servicesHandle },
  {
    path: 'services/*',
    loader: segmentGuard((s) => {
      const segments = optionalSegments(s, 1);
      return segments ? parseServicesSegment(segments[0]) : null;
    }),
    lazy: servicesPage,
    handle: servicesHandle,
  },
  {
    path: 'service/change-alias/*',
    loader: baseOrderGuard,
    lazy: page(() => import('../../features/services/pages/ChangeAliasPage.tsx'), 'ChangeAliasPage'),
  },
  {
    path: 'service/:productCd/*',
    loader: baseOrderGuard,
    lazy: page(() => import('../../features/services/pages/ServiceDetailPage.tsx'), 'ServiceDetailPage'),
  },
];
