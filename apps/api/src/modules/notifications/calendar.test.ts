import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';

import { buildCalendar, type CalendarNotice } from './calendar.ts';

const notice: CalendarNotice = {
  batch_id: 7,
  kind: 'maintenance',
  subject: 'Core router upgrade; phase 1, north',
  service_affecting: true,
  description_of_work: 'Software upgrade of the core routers.\nTraffic moves to the standby path.',
  scheduled_event: null,
  area: 'North',
  ticket_number: 'CHG-1',
  duration_of_interruption: '5 minutes',
  window_start_time: Date.UTC(2026, 11, 1, 2) / 1000,
  window_end_time: Date.UTC(2026, 11, 1, 4) / 1000,
  circuits_affected: 'CIR-1, CIR-2',
  cancelled: false,
  sequence: 2,
  updated_at: Date.UTC(2026, 10, 20, 9, 30) / 1000,
  notification_id: 41,
  account_numbers: ['1001', '1002'],
  circuit_ids: 'CIR-1',
};
const options = {
  portalName: 'Acme Portal',
  uidHost: 'portal.example',
  link: (id: number) => `https://portal.example/portal/notifications/view/${id}`,
};

/** The VEVENTs of an ICS text, read by an independent parser (ical.js). */
const events = (ics: string) =>
  new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

describe('buildCalendar', () => {
  it('writes one event a notice that an independent parser reads back field for field', () => {
    const ics = buildCalendar([notice], options);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Acme Portal: maintenance and outages');
    const [event] = events(ics);
    expect(event!.uid).toBe('notice-7@portal.example');
    expect(event!.summary).toBe('Maintenance: Core router upgrade; phase 1, north');
    expect(event!.startDate.toJSDate().toISOString()).toBe('2026-12-01T02:00:00.000Z');
    expect(event!.endDate.toJSDate().toISOString()).toBe('2026-12-01T04:00:00.000Z');
    expect(event!.sequence).toBe(2);
    expect(event!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event!.component.getFirstPropertyValue('url')).toBe('https://portal.example/portal/notifications/view/41');
    expect(String(event!.component.getFirstPropertyValue('dtstamp'))).toBe('2026-11-20T09:30:00Z');
    expect(event!.component.getFirstPropertyValue('categories')).toBe('Maintenance');
    expect(event!.description).toBe(
      [
        'Description of work: Software upgrade of the core routers.',
        'Traffic moves to the standby path.',
        'Area: North',
        'Service affecting: Yes',
        'Duration of interruption: 5 minutes',
        'Ticket number: CHG-1',
        'Your circuits: CIR-1',
        'Circuits affected: CIR-1, CIR-2',
        'Accounts: 1001, 1002',
        '',
        'Details: https://portal.example/portal/notifications/view/41',
      ].join('\n'),
    );
  });

  it('marks a cancelled notice STATUS:CANCELLED and says so in its title and description', () => {
    const [event] = events(buildCalendar([{ ...notice, kind: 'outage', cancelled: true, sequence: 3 }], options));
    expect(event!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event!.summary).toBe('Cancelled outage: Core router upgrade; phase 1, north');
    expect(event!.description.split('\n')[0]).toBe('The provider has cancelled this work.');
    expect(event!.sequence).toBe(3);
  });

  it('answers a valid calendar with no events when there are no notices', () => {
    const ics = buildCalendar([], options);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(events(ics)).toEqual([]);
  });
});
