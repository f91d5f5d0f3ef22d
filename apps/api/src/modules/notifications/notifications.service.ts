import type { Notification } from '@portal/contract';
import { pageSizes } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOrLast } from '../../lib/paging.ts';
import { requireAccount, type Caller } from '../../lib/scope.ts';
import { diffForHumans, readableDate } from './human-time.ts';
import {
  countMaintenance,
  findCurrentOutages,
  findNotification,
  findNotifications,
  type NotificationRow,
} from './notifications.repository.ts';

export function notificationsService(deps: Deps) {
  const readable = (row: NotificationRow): Notification => ({
    ...row,
    created_readable: readableDate(row.created),
    created_diff_humans: diffForHumans(row.created, Math.floor(deps.clock.now() / 1000)),
  });

  return {
    outages: () => findCurrentOutages(deps.db),
    async activeCount(caller: Caller) {
      return (await countMaintenance(deps.db, caller.userId)) ?? { upcomingCount: 0, recentCount: 0 };
    },
    async list(
      caller: Caller,
      input: {
        page: number;
        accountId?: number | undefined;
        search?: string | undefined;
        window?: 'upcoming' | 'recent' | undefined;
      },
    ) {
      if (input.accountId !== undefined) await requireAccount(deps.db, caller, input.accountId);
      const perPage = pageSizes.notifications;
      const page = await pageOrLast(input.page, perPage, (n) =>
        findNotifications(deps.db, caller.userId, {
          page: n,
          perPage,
          ...(input.accountId !== undefined ? { accountId: input.accountId } : {}),
          ...(input.search ? { search: input.search } : {}),
          ...(input.window ? { window: input.window } : {}),
        }),
      );
      return { ...page, data: page.data.map(readable) };
    },

    /** notificationId is the cmc_contact_email_id; another customer's id answers NOT_FOUND. */
    async one(caller: Caller, notificationId: number) {
      const row = await findNotification(deps.db, caller.userId, notificationId);
      if (!row) throw notFound();
      return readable(row);
    },
  };
}
