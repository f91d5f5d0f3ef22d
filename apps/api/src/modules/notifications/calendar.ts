import type { NoticeBatch } from './notifications.repository.ts';
import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';

/** One maintenance or outage notice as one user sees it: the batch and the user's copies of it. */
export interface CalendarNotice extends Omit<NoticeBatch, 'date'> {
  batch_id: number;
  /** How many updates of the provider changed what the event shows (the ICS SEQUENCE). */
  sequence: number;
  /** Epoch seconds of the last such update (DTSTAMP, LAST-MODIFIED). */
  updated_at: number;
  /** The user's first copy (the notification page the event links to). */
  notification_id: number;
  /** The user's accounts it was sent to, and their circuits it names. */
  account_numbers: string[];
  circuit_ids: string | null;
}

export interface CalendarOptions {
  /** The portal's name (the calendar's name and product id). */
  portalName: string;
  /** The host that makes the UIDs globally unique (the public address's). */
  uidHost: string;
  /** The notification page of a notice, absolute. */
  link: (notificationId: number) => string;
}

const kindName = { maintenance: 'Maintenance', outage: 'Outage' } as const;

/** The event's stable UID: one per notice (batch), whichever of the user's accounts it reached. */
export const eventUid = (batchId: number, uidHost: string) => `notice-${batchId}@${uidHost}`;

/** The event's title: the kind and subject, and "Cancelled" when the provider called it off. */
export const eventSummary = (n: Pick<CalendarNotice, 'kind' | 'subject' | 'cancelled'>) =>
  `${n.cancelled ? `Cancelled ${kindName[n.kind].toLowerCase()}` : kindName[n.kind]}: ${n.subject}`;

/** The event's description: the notice's details, one per line, those the provider left out skipped. */
export function eventDescription(n: CalendarNotice, link: string): string {
  const lines: [string, string | null][] = [
    ['Description of work', n.description_of_work],
    ['Area', n.area],
    ['Service affecting', n.service_affecting ? 'Yes' : 'No'],
    ['Duration of interruption', n.duration_of_interruption],
    ['Scheduled event', n.scheduled_event],
    ['Ticket number', n.ticket_number],
    ['Your circuits', n.circuit_ids],
    ['Circuits affected', n.circuits_affected],
    ['Accounts', n.account_numbers.join(', ')],
  ];
  return [
    ...(n.cancelled ? ['The provider has cancelled this work.', ''] : []),
    ...lines.filter(([, value]) => value && value.trim()).map(([label, value]) => `${label}: ${value}`),
    '',
    `Details: ${link}`,
  ].join('\n');
}

/** An iCalendar document (RFC 5545, METHOD:PUBLISH) of these notices, one VEVENT each. */
export function buildCalendar(notices: readonly CalendarNotice[], options: CalendarOptions): string {
  const calendar = ical({
    name: `${options.portalName}: maintenance and outages`,
    prodId: { company: options.portalName, product: 'Customer portal', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    // Calendar apps that honour it check back hourly.
    ttl: 3600,
  });
  for (const n of notices) {
    const link = options.link(n.notification_id);
    calendar.createEvent({
      id: eventUid(n.batch_id, options.uidHost),
      sequence: n.sequence,
      start: new Date(n.window_start_time * 1000),
      end: new Date(n.window_end_time * 1000),
      stamp: new Date(n.updated_at * 1000),
      lastModified: new Date(n.updated_at * 1000),
      summary: eventSummary(n),
      description: eventDescription(n, link),
      url: link,
      categories: [{ name: kindName[n.kind] }],
      status: n.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // A maintenance window does not make the reader busy.
      transparency: ICalEventTransparency.TRANSPARENT,
    });
  }
  return calendar.toString();
}
