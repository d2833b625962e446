import type { EventContentArg, EventDropArg } from '@fullcalendar/core';
import { CALENDAR_COLOURS, CALENDAR_EVENT_TYPES } from '@openpractice/domain';
import { describe, expect, it } from 'vitest';

import type { AvailabilityBlock, CalendarEvent } from './api';
import { calendarEventFixture as base } from './calendar-event-fixture';
import { renderEventContent } from './event-content';
import {
  asExternalItems,
  indicatorLabels,
  summariseMonth,
  toMoreItems,
  toAvailabilityItems,
  toCalendarItems,
  type PracticeItemProps,
} from './event-mapping';
import { reschedulePayloadOf } from './use-drag-reschedule';

/** "Now" is a day before `base` starts: a future appointment. */
const options = {
  editable: true,
  locationNames: new Map([[5, 'Main office']]),
  now: Date.parse('2026-11-22T14:00:00.000Z'),
};

describe('toCalendarItems', () => {
  it('maps an appointment: client name, colours, column, what opens its details', () => {
    const [item] = toCalendarItems([base], options);
    expect(item).toMatchObject({
      id: '41',
      resourceId: '3',
      title: 'Margaret Hamilton',
      start: base.start_date_time,
      end: base.end_date_time,
      allDay: false,
      backgroundColor: CALENDAR_COLOURS.appointment,
      textColor: '#000000',
      startEditable: true,
      durationEditable: false,
      resourceEditable: false,
    });
    expect(item?.extendedProps).toMatchObject({
      source: 'practice',
      eventId: 41,
      attendeeId: 77,
      kind: 'appointment',
      locationColour: '#8e24aa',
      locationName: 'Main office',
    });
  });

  it('shows a cancelled event red and never lets it be dragged', () => {
    const [item] = toCalendarItems(
      [
        {
          ...base,
          calendar_event_canceldate: '2026-11-20T10:00:00.000Z',
          calendar_color: CALENDAR_COLOURS.cancelled,
        },
      ],
      options,
    );
    expect(item?.backgroundColor).toBe(CALENDAR_COLOURS.cancelled);
    expect(item?.startEditable).toBe(false);
    expect(item?.classNames).toContain('op-event-cancelled');
    expect(indicatorLabels(item?.extendedProps as PracticeItemProps)).toContain('Cancelled');
  });

  it('works the colour out when the server sent none', () => {
    const [item] = toCalendarItems(
      [{ ...base, calendar_color: null, calendar_event_canceldate: '2026-11-20T10:00:00.000Z' }],
      options,
    );
    expect(item?.backgroundColor).toBe(CALENDAR_COLOURS.cancelled);
  });

  it('lets nobody drag without the scheduling role, nor a holiday', () => {
    expect(toCalendarItems([base], { ...options, editable: false })[0]?.startEditable).toBe(false);
    const holiday = {
      ...base,
      calendar_event_kind: 'holiday' as const,
      calendar_event_type_constant: CALENDAR_EVENT_TYPES.holiday,
    };
    expect(toCalendarItems([holiday], options)[0]?.startEditable).toBe(false);
  });

  it('names meetings, and gives a dark meeting white text', () => {
    const [item] = toCalendarItems(
      [
        {
          ...base,
          calendar_event_kind: 'meeting',
          calendar_event_type_constant: CALENDAR_EVENT_TYPES.meeting,
          calendar_event_name: 'Team huddle',
          calendar_color: CALENDAR_COLOURS.meeting,
        },
      ],
      options,
    );
    expect(item).toMatchObject({ title: 'Team huddle', textColor: '#ffffff' });
  });

  it('puts every indicator into words', () => {
    const [item] = toCalendarItems(
      [
        {
          ...base,
          isTeletherapy: true,
          hasAlert: true,
          isGroup: true,
          patient_chart_locked_count: 1,
          attended_attendee_count: 3,
          checkedintime: '2026-11-23T13:55:00.000Z',
        },
      ],
      options,
    );
    const props = item?.extendedProps as PracticeItemProps;
    expect(props.groupChartWarning).toBe(true);
    expect(indicatorLabels(props)).toEqual([
      'Telehealth',
      'Client alert',
      'Group charts incomplete',
      'Checked in',
      'Location: Main office',
    ]);
  });
});

describe('background and external items', () => {
  it('shows availability behind its therapist column, never editable or clickable', () => {
    const block: AvailabilityBlock = {
      availability_day_id: 9,
      availability_span_id: 2,
      user_id_therapist: 3,
      practice_location_id: 5,
      practice_location_color: null,
      date: '2026-11-23',
      start_date_time: '2026-11-23T14:00:00.000Z',
      end_date_time: '2026-11-23T22:00:00.000Z',
      in_person_enabled: true,
      teletherapy_enabled: true,
      availability_exception_id: null,
      day_of_week: 1,
      start_time: '09:00:00',
      end_time: '17:00:00',
      online_scheduling: false,
      schedule_every: 60,
      calendar_event_type_constant: CALENDAR_EVENT_TYPES.availability,
    };
    expect(toAvailabilityItems([block])[0]).toMatchObject({
      id: 'availability-9-2026-11-23',
      resourceId: '3',
      display: 'background',
      editable: false,
      interactive: false,
    });
  });

  it('makes outside calendar events read-only', () => {
    const [item] = asExternalItems([
      { id: 'x1', title: 'Dentist', start: '2026-11-23T16:00:00Z', color: '#7b1fa2' },
    ]);
    expect(item).toMatchObject({
      editable: false,
      startEditable: false,
      interactive: false,
      backgroundColor: '#7b1fa2',
      textColor: '#ffffff',
      extendedProps: { source: 'external' },
    });
  });
});

describe('event content', () => {
  const argOf = (props: Record<string, unknown>, title = 'Margaret Hamilton') =>
    ({ event: { extendedProps: props, title }, timeText: '9:00' }) as unknown as EventContentArg;

  it('renders plain DOM with the indicators in words for screen readers', () => {
    const [item] = toCalendarItems([{ ...base, isTeletherapy: true, hasAlert: true }], options);
    const content = renderEventContent(argOf(item?.extendedProps ?? {}));
    expect(content).not.toBe(true);
    const root = (content as { domNodes: Node[] }).domNodes[0] as HTMLElement;
    expect(root.textContent).toBe(
      '9:00Margaret Hamilton, Telehealth, Client alert, Location: Main office',
    );
    expect(root.querySelectorAll('svg[aria-hidden="true"]')).toHaveLength(2);
    expect(root.querySelector('.op-visually-hidden')?.textContent).toContain('Telehealth');
  });

  it('renders nothing inside availability', () => {
    expect(renderEventContent(argOf({ source: 'availability' }))).toEqual({ domNodes: [] });
  });
});

describe('reschedulePayloadOf', () => {
  it('sends the spec payload with all day as 1 or 0, keeping the length when the end is unknown', () => {
    const dropped = (allDay: boolean) =>
      ({
        event: { start: new Date('2026-11-24T15:00:00Z'), end: null, allDay },
        oldEvent: {
          start: new Date('2026-11-23T14:00:00Z'),
          end: new Date('2026-11-23T14:45:00Z'),
        },
      }) as unknown as EventDropArg;
    const arg = dropped(false);
    expect(reschedulePayloadOf(arg, 41)).toEqual({
      calendar_event_id: 41,
      calendar_event_starttime: '2026-11-24T15:00:00.000Z',
      calendar_event_endtime: '2026-11-24T15:45:00.000Z',
      calendar_event_allday: 0,
    });
    expect(reschedulePayloadOf(dropped(true), 41).calendar_event_allday).toBe(1);
  });
});

describe('summariseMonth', () => {
  const at = (id: number, start: string): CalendarEvent => ({
    ...base,
    calendar_event_id: id,
    start_date_time: start,
  });
  const dayOf = (instant: string) => instant.slice(0, 10);

  it('keeps the first events of each day and counts the rest', () => {
    const events = [
      at(1, '2026-11-23T14:00:00.000Z'),
      at(2, '2026-11-23T15:00:00.000Z'),
      at(3, '2026-11-23T16:00:00.000Z'),
      at(4, '2026-11-23T17:00:00.000Z'),
      at(5, '2026-11-23T18:00:00.000Z'),
      at(6, '2026-11-24T14:00:00.000Z'),
    ];
    const month = summariseMonth(events, 3, dayOf);
    expect(month.shown.map((e) => e.calendar_event_id)).toEqual([1, 2, 3, 6]);
    expect(month.more).toEqual([{ day: '2026-11-23', count: 2 }]);
  });

  it('makes a "+N more" item that sorts last in its day and opens it', () => {
    expect(toMoreItems([{ day: '2026-11-23', count: 2 }])).toEqual([
      expect.objectContaining({
        id: 'more-2026-11-23',
        title: '+2 more',
        start: '2026-11-23T23:58:00',
        editable: false,
        extendedProps: { source: 'more', day: '2026-11-23', count: 2 },
      }),
    ]);
  });

  it('summarises 4,000 events quickly', () => {
    const events = Array.from({ length: 4000 }, (_, i) =>
      at(i, new Date(Date.UTC(2026, 10, 1 + (i % 30), 14)).toISOString()),
    );
    const started = performance.now();
    const month = summariseMonth(events, 3, dayOf);
    toCalendarItems(month.shown, options);
    expect(performance.now() - started).toBeLessThan(200);
    expect(month.shown).toHaveLength(90);
  });
});
