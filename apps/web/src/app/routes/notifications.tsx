import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment } from '../../lib/segments.ts';
import { segmentGuard } from '../segment-guard.ts';

/** Notifications area (protected): the list, and one notification (exactly one id segment). */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const list = page(() => import('../../features/notifications/pages/NotificationsPage.tsx'), 'NotificationsPage');

export const notificationsRoutes: RouteObject[] = [
  { path: 'notifications', lazy: list },
  { path: 'notifications/index', lazy: list },
  {
    path: 'notifications/view/*',
    loader: segmentGuard((segments) => idSegment(exactSegments(segments, 1)?.[0])),
    lazy: page(() => import('../../features/notifications/pages/NotificationViewPage.tsx'), 'NotificationViewPage'),
  },
];
