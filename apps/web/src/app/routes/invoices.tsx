import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegments } from '../../lib/segments.ts';
import { serverPage } from '../first-screen.ts';
import { segmentGuard } from '../segment-guard.ts';

/** Invoices area (protected): list, balance history, and one invoice (exactly two id segments). */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const list = page(() => import('../../features/invoices/pages/InvoicesPage.tsx'), 'InvoicesPage');

export const invoicesRoutes: RouteObject[] = [
  { path: 'invoices', lazy: list, handle: serverPage('src/features/invoices/pages/InvoicesPage.tsx') },
  { path: 'invoices/index', lazy: list, handle: serverPage('src/features/invoices/pages/InvoicesPage.tsx') },
  {
    path: 'invoices/pay',
    lazy: page(() => import('../../features/invoices/pages/BalanceHistoryPage.tsx'), 'BalanceHistoryPage'),
  },
  {
    path: 'invoices/view/*',
    loader: segmentGuard((segments) => {
      const two = exactSegments(segments, 2);
      return two ? idSegments(two) : null;
    }),
    lazy: page(() => import('../../features/invoices/pages/InvoiceViewPage.tsx'), 'InvoiceViewPage'),
  },
];
