import type { RouteObject } from 'react-router';

import { parseInquiryRoute } from '../../features/inquire/inquiry-route.ts';
import { segmentGuard } from '../segment-guard.ts';

/** Inquiries (protected): inquire/{type}/{display}/{value}; an unknown type or no segments go to the dashboard. */
export const inquireRoutes: RouteObject[] = [
  {
    path: 'inquire/*',
    loader: segmentGuard(parseInquiryRoute),
    lazy: () => import('../../features/inquire/pages/InquirePage.tsx').then((m) => ({ Component: m.InquirePage })),
  },
];
