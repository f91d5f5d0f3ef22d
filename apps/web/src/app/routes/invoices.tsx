import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment, idSegments } from '../../lib/segments.ts';
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
  // Online payments (decision 127): the pages answer NOT_FOUND's message when no provider is configured.
  {
    path: 'invoices/pay/*',
    loader: segmentGuard((segments) => idSegments(exactSegments(segments, 1) ?? [])),
    lazy: page(() => import('../../features/payments/pages/PayPage.tsx'), 'PayPage'),
  },
  {
    path: 'invoices/payment/*',
    loader: segmentGuard((segments) => {
      const two = exactSegments(segments, 2);
      const accountId = idSegment(two?.[0]);
      return two && accountId !== null && /^[\w-]{1,64}$/.test(two[1] ?? '') ? [accountId, two[1]] : null;
    }),
    lazy: page(() => import('../../features/payments/pages/PaymentReturnPage.tsx'), 'PaymentReturnPage'),
  },
  {
    path: 'invoices/payments/*',
    loader: segmentGuard((segments) => idSegments(exactSegments(segments, 1) ?? [])),
    lazy: page(() => import('../../features/payments/pages/AccountPaymentsPage.tsx'), 'AccountPaymentsPage'),
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
