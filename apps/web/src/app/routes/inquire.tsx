import type { RouteObject } from 'react-router';

import { lazySegmentGuard } from '../segment-guard.ts';

/** Inquiries (protected): inquire/{type}/{display}/{value}; an unknown type or no segments go to the dashboard. */
export const inquireRoutes: RouteObject[] = [
  {
    path: 'inquire/*',
    loader: lazySegmentGuard(
      () => import('../../features/inquire/inquiry-route.ts'),
      (m) => m.parseInquiryRoute,
    ),
    lazy: () => import('../../features/inquire/pages/InquirePage.tsx').then((m) => ({ Component: m.InquirePage })),
  },
];
