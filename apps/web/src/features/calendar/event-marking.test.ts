import type { EventContentArg, EventMountArg } from '@fullcalendar/core';
import { CALENDAR_COLOURS, CALENDAR_EVENT_TYPES, calendarItemColour } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import type { CalendarEvent } from './api';
import { calendarEventFixture } from './calendar-event-fixture';
import { decorateEvent, renderEventContent } from './event-content';
import {
  indicatorLabels,
  isAttendanceNotRecorded,
  toCalendarItems,
  type PracticeItemProps,
} from './event-mapping';

/**
 * How an item is told apart (spec-1 §4 Calendar item colour, issue 15): the
 * colour rule decides the fill, the location colour is an accent on the left
 * edge, and a past appointment without attendance is marked on top of
 * whatever colour it has, never instead of it.
 */

const ENDS = Date.parse(calendarEventFixture.end_date_time);
const LATER = ENDS + 86_400_000;
const EARLIER = ENDS - 86_400_000;

/** The server sends calendar_color worked out by the domain rule; so does this helper. */
function event(over: Partial<CalendarEvent>): CalendarEvent {
  const merged = { ...calendarEventFixture, ...over };
  return { ...merged, calendar_color: calendarItemColour(merged) };
}

const mapped = (e: CalendarEvent, now: number) =>
  toCalendarItems([e], { editable: true, locationNames: new Map([[5, 'Main office']]), now })[0];

/** The element FullCalendar would mount for a mapped item, decorated. */
function mounted(e: CalendarEvent, now: number): HTMLElement {
  const item = mapped(e, now);
  const el = document.createElement('a');
  decorateEvent({
    el,
    timeText: '9:00 - 10:00',
    event: { title: item?.title, extendedProps: item?.extendedProps },
  } as unknown as EventMountArg);
  return el;
}

const CANCELLED = { calendar_event_canceldate: '2026-11-20T10:00:00.000Z' };

describe('colour, location accent and attendance not recorded', () => {
  // [case, event fields, fill, marked as attendance not recorded once past]
  const cases: [string, Partial<CalendarEvent>, string, boolean][] = [
    ['appointment', {}, CALENDAR_COLOURS.appointment, true],
    ['chart locked', { patient_chart_locked_count: 1 }, CALENDAR_COLOURS.chartLocked, true],
    ['claim created', { claim_count: 1 }, CALENDAR_COLOURS.claimCreated, true],
    [
      'payment, chart not locked',
      { account_payment_exists: true },
      CALENDAR_COLOURS.paymentNotLocked,
      true,
    ],
    [
      'cancelled wins over everything',
      { ...CANCELLED, claim_count: 1, account_payment_exists: true },
      CALENDAR_COLOURS.cancelled,
      false,
    ],
    [
      'meeting',
      {
        calendar_event_kind: 'meeting',
        calendar_event_type_constant: CALENDAR_EVENT_TYPES.meeting,
        unrecorded_attendee_count: 0,
      },
      CALENDAR_COLOURS.meeting,
      false,
    ],
    ['attendance recorded', { unrecorded_attendee_count: 0 }, CALENDAR_COLOURS.appointment, false],
  ];

  it.each(cases)('%s: the same fill before and after it ends', (_name, over, fill, marked) => {
    const e = event(over);
    const before = mapped(e, EARLIER);
    const after = mapped(e, LATER);
    for (const item of [before, after]) {
      expect(item?.backgroundColor).toBe(fill);
      expect(item?.borderColor).toBe(fill);
    }
    expect(before?.classNames).not.toContain('op-event-unrecorded');
    expect(after?.classNames?.includes('op-event-unrecorded')).toBe(marked);
    const words = indicatorLabels(after?.extendedProps as PracticeItemProps);
    expect(words.includes('Attendance not recorded')).toBe(marked);
  });

  it.each(cases)('%s: the location colour is an accent on the left edge', (_name, over) => {
    for (const now of [EARLIER, LATER]) {
      const el = mounted(event(over), now);
      expect(el.style.boxShadow).toBe('inset 5px 0 0 #8e24aa');
      expect(el.getAttribute('role')).toBe('button');
    }
  });

  it('has no accent without a location', () => {
    const el = mounted(event({ practice_location_id: null, practice_location_color: null }), LATER);
    expect(el.style.boxShadow).toBe('');
  });
});

describe('isAttendanceNotRecorded', () => {
  const cases: [string, Partial<CalendarEvent>, boolean, number, boolean][] = [
    ['ended, one attendee unknown', {}, false, ENDS + 1, true],
    ['ends exactly now', {}, false, ENDS, true],
    ['still running', {}, false, ENDS - 1, false],
    ['ended, attendance recorded', { unrecorded_attendee_count: 0 }, false, LATER, false],
    ['ended, a group with two unknown', { unrecorded_attendee_count: 2 }, false, LATER, true],
    ['ended but cancelled', {}, true, LATER, false],
    ['an out of office', { calendar_event_kind: 'out_of_office' }, false, LATER, false],
  ];
  it.each(cases)('%s', (_name, over, cancelled, now, expected) => {
    expect(isAttendanceNotRecorded({ ...calendarEventFixture, ...over }, cancelled, now)).toBe(
      expected,
    );
  });
});

describe('the event text', () => {
  const contentOf = (e: CalendarEvent, now: number) => {
    const item = mapped(e, now);
    const content = renderEventContent({
      event: { extendedProps: item?.extendedProps, title: item?.title },
      timeText: '9:00 - 10:00',
    } as unknown as EventContentArg);
    return (content as { domNodes: Node[] }).domNodes[0] as HTMLElement;
  };

  it('shows time, client and service; the words come after any cancellation', () => {
    const root = contentOf(event({ service_code: '90834', ...CANCELLED }), LATER);
    expect(root.querySelector('.op-event-time')?.textContent).toBe('9:00 - 10:00');
    expect(root.querySelector('.op-event-title')?.textContent).toBe('Margaret Hamilton');
    const service = root.querySelector('.op-event-service');
    expect(service?.textContent).toBe('90834');
    expect(service?.getAttribute('aria-hidden')).toBe('true');
    expect(root.querySelector('.op-visually-hidden')?.textContent).toBe(
      ', Cancelled, Service 90834, Location: Main office',
    );
  });

  it('marks a past appointment without attendance with an icon and words', () => {
    const past = contentOf(event({}), LATER);
    expect(past.querySelector('.op-event-icon-notRecorded')).not.toBeNull();
    expect(past.querySelector('.op-visually-hidden')?.textContent).toContain(
      'Attendance not recorded',
    );
    const future = contentOf(event({}), EARLIER);
    expect(future.querySelector('.op-event-icon-notRecorded')).toBeNull();
    expect(future.textContent).not.toContain('Attendance not recorded');
  });
});
