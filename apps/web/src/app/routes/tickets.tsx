import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { exactSegments, idSegment, optionalSegments } from '../../lib/segments.ts';
import { segmentGuard } from '../segment-guard.ts';

/**
 * Tickets area (protected): tickets/index/{ticketId} (the optional segment is the search value),
 * the choose-service step, and the ticket and new-ticket pages under r/tickets.
 */
const page =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  () =>
    load().then((m) => ({ Component: m[name] }));

const ticketsPage = page(() => import('../../features/tickets/pages/TicketsPage.tsx'), 'TicketsPage');

const oneId = <K extends string>(key: K) =>
  segmentGuard((s) => {
    const id = idSegment(exactSegments(s, 1)?.[0]);
    return id === null ? null : ({ [key]: id } as Record<K, number>);
  });

export const ticketsRoutes: RouteObject[] = [
  { path: 'tickets', loader: () => ({ search: null }), lazy: ticketsPage },
  { path: 'tickets/index', loader: () => ({ search: null }), lazy: ticketsPage },
  {
    path: 'tickets/index/*',
    loader: segmentGuard((s) => {
      const segments = optionalSegments(s, 1);
      return segments ? { search: segments[0] ?? null } : null;
    }),
    lazy: ticketsPage,
  },
  {
    path: 'tickets/choose-service',
    lazy: page(() => import('../../features/services/pages/ChooseServicePage.tsx'), 'ChooseServicePage'),
  },
  {
    path: 'r/tickets/ticket/*',
    loader: oneId('ticketId'),
    lazy: page(() => import('../../features/tickets/pages/TicketPage.tsx'), 'TicketPage'),
  },
  {
    path: 'r/tickets/new-ticket/*',
    loader: oneId('baseOrderId'),
    lazy: page(() => import('../../features/tickets/pages/NewTicketPage.tsx'), 'NewTicketPage'),
  },
];
