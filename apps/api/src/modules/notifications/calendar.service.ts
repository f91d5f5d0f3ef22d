import type { FastifyReply } from 'fastify';

import { notifications } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { attachment } from '../../lib/attachment.ts';
import { notFound } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import type { Caller } from '../../lib/scope.ts';
import { hashLinkToken } from '../identity/link-tokens.ts';
import { prefixedSecret } from '../token-auth/token-auth.service.ts';
import { buildCalendar, type CalendarNotice } from './calendar.ts';
import {
  deleteFeed,
  findCalendarNotice,
  findCalendarNotices,
  findFeed,
  readFeed,
  replaceFeed,
} from './calendar.repository.ts';

/** The feed holds notices whose window ended at most this many days ago, and every later one. */
export const calendarDaysBack = 90;
/** At most this many events (the latest windows), whatever the number of the user's accounts. */
export const calendarMaxEvents = 1000;

const calendarType = 'text/calendar; charset=utf-8';

/** The maintenance calendar (decision 138): each user's private ICS feed, and one notice as an .ics file. */
export function calendarService(deps: Deps) {
  const base = deps.env.PUBLIC_URL.replace(/\/$/, '');
  const feedUrl = (secret: string) => `${base}/api/calendar/${secret}.ics`;

  const render = async (notices: readonly CalendarNotice[]) =>
    buildCalendar(notices, {
      portalName: (await deps.provider.current()).public.portal_name,
      uidHost: new URL(base).hostname,
      link: (id) => portalLink(deps.env, `notifications/view/${id}`),
    });

  return {
    async state(caller: Caller) {
      return (await findFeed(deps.db, caller.userId)) ?? { created_at: null, last_read_at: null };
    },

    /** A new address; the old one's hash is replaced in the same statement, so it fails from now on. */
    async renew(caller: Caller) {
      const secret = prefixedSecret(notifications.calendarSecretPrefix);
      const nowMs = deps.clock.now();
      await replaceFeed(deps.db, caller.userId, hashLinkToken(secret), nowMs);
      return { url: feedUrl(secret), created_at: Math.floor(nowMs / 1000), last_read_at: null };
    },

    async turnOff(caller: Caller) {
      await deleteFeed(deps.db, caller.userId);
      return null;
    },

    /** The feed of the secret's user, as that user's access is now; NOT_FOUND for an unknown secret. */
    async sendFeed(secret: string, reply: FastifyReply) {
      const nowMs = deps.clock.now();
      const feed = await readFeed(deps.db, hashLinkToken(secret), nowMs);
      if (!feed) throw notFound();
      const notices = await findCalendarNotices(
        deps.db,
        feed.user_id,
        nowMs - calendarDaysBack * 86_400_000,
        calendarMaxEvents,
      );
      return reply
        .header('content-type', calendarType)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(await render(notices));
    },

    /** One of the caller's notifications as an event file, the same event (UID) as in the feed. */
    async sendEvent(caller: Caller, notificationId: number, reply: FastifyReply) {
      const notice = await findCalendarNotice(deps.db, caller.userId, notificationId);
      if (!notice) throw notFound();
      return reply
        .header('content-type', calendarType)
        .header('content-disposition', attachment(notifications.calendarEventFileName(notice.ticket_number)))
        .send(await render([notice]));
    },
  };
}
