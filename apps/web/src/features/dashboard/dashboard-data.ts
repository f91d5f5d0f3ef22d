import { dashboard } from '@portal/contract';

import { queryClient } from '../../lib/query-client.ts';
import { currentAccountId, getSession } from '../../lib/session.ts';
import { activeNotificationCountsQueryOptions, outagesQueryOptions } from '../notifications/index.ts';
import { invoiceProductsQueryOptions, latestInvoiceQueryOptions } from '../invoices/index.ts';
import { teamQueryOptions } from '../contact/index.ts';
import { pendingOrdersQueryOptions } from '../orders/index.ts';
import { latestTicketsQueryOptions, ticketsRequestingResponseQueryOptions } from '../tickets/index.ts';

/** How long the page waits for the notices above the boxes before it shows without them. */
const noticesWaitMs = 3000;

/**
 * The dashboard route's loader, fetched beside the page's own code: every box's data starts
 * loading while the page's code is still on its way (one round trip less before the first
 * screen), and the page waits for the two notices above the boxes (outages, tickets awaiting a
 * response). Those have no size known in advance: shown after the boxes, they would push every
 * box down (layout shift budget, decision 058). Failures are left to the page, which shows them.
 */
export async function loadDashboard(): Promise<null> {
  const session = getSession();
  const accountId = session ? currentAccountId(session) : null;
  const prefetch = (promise: Promise<unknown>) => void promise.catch(() => undefined);
  if (accountId !== null) {
    prefetch(
      queryClient
        .fetchQuery(latestInvoiceQueryOptions(accountId))
        .then((invoice) => queryClient.prefetchQuery(invoiceProductsQueryOptions(invoice))),
    );
    prefetch(queryClient.prefetchQuery(teamQueryOptions(accountId)));
  }
  prefetch(queryClient.prefetchQuery(latestTicketsQueryOptions(dashboard.tickets)));
  prefetch(queryClient.prefetchQuery(activeNotificationCountsQueryOptions()));
  prefetch(queryClient.prefetchQuery(pendingOrdersQueryOptions(dashboard.pendingOrders)));
  const notices = Promise.allSettled([
    queryClient.fetchQuery(outagesQueryOptions()),
    queryClient.fetchQuery(ticketsRequestingResponseQueryOptions()),
  ]);
  await Promise.race([notices, new Promise((resolve) => setTimeout(resolve, noticesWaitMs))]);
  return null;
}
