import { describe, expect, it } from 'vitest';
import {
  CALENDAR_VIEWS,
  availabilitySourceFor,
  calendarFetchWindow,
  calendarGridMinWidth,
  calendarPositionOnLoad,
  isCalendarView,
  isResourceView,
  recordCalendarVisit,
  resolveCalendarView,
  resourceDayMinWidth,
  shiftCalendarDate,
  type CalendarViewName,
} from './calendar-view.ts';
import { calendarEventTitle, readableTextColour } from './calendar-event-text.ts';
import {
  calendarResources,
  showCalendarEmptyState,
  shownTherapists,
  type EmptyStateInput,
  type ResourcesInput,
  type ShownTherapistsInput,
} from './calendar-therapists.ts';
import { addIsoDays, sundayOnOrBefore } from './zoned-time.ts';
import { CALENDAR_COLOURS } from './calendar-colours.ts';

describe('resolveCalendarView', () => {
  it.each<[string, string | null | undefined, boolean, number, CalendarViewName]>([
    ['empty view becomes timeGridWeek', '', false, 1, 'timeGridWeek'],
    ['missing view becomes timeGridWeek', null, false, 1, 'timeGridWeek'],
    ['unknown view becomes timeGridWeek', 'listWeek', false, 1, 'timeGridWeek'],
    ['empty view with several therapists', undefined, false, 3, 'resourceTimeGridWeek'],
    ['week view with several therapists', 'timeGridWeek', false, 2, 'resourceTimeGridWeek'],
    ['day view with several therapists', 'timeGridDay', false, 5, 'resourceTimeGridWeek'],
    ['week view with one therapist stays', 'timeGridWeek', false, 1, 'timeGridWeek'],
    ['day view with one therapist stays', 'timeGridDay', false, 1, 'timeGridDay'],
    ['month view suits several', 'dayGridMonth', false, 16, 'dayGridMonth'],
    ['resource day stays', 'resourceTimeGridDay', false, 4, 'resourceTimeGridDay'],
    [
      'resource week with one column stays',
      'resourceTimeGridWeek',
      false,
      1,
      'resourceTimeGridWeek',
    ],
    ['My Schedule: resource week becomes a grid', 'resourceTimeGridWeek', true, 1, 'timeGridWeek'],
    ['My Schedule: resource day becomes a grid', 'resourceTimeGridDay', true, 1, 'timeGridDay'],
    ['My Schedule: day stays', 'timeGridDay', true, 1, 'timeGridDay'],
    ['My Schedule: month stays', 'dayGridMonth', true, 1, 'dayGridMonth'],
    ['My Schedule: empty view', '', true, 1, 'timeGridWeek'],
  ])('%s', (_name, view, mySchedule, therapistCount, expected) => {
    expect(resolveCalendarView(view, { mySchedule, therapistCount })).toBe(expected);
  });

  it('knows the five views and which of them have therapist columns', () => {
    expect(CALENDAR_VIEWS).toHaveLength(5);
    expect(CALENDAR_VIEWS.filter(isResourceView)).toEqual([
      'resourceTimeGridDay',
      'resourceTimeGridWeek',
    ]);
    expect(isCalendarView('dayGridMonth')).toBe(true);
    expect(isCalendarView('listDay')).toBe(false);
    expect(isCalendarView(3)).toBe(false);
  });
});

describe('calendarPositionOnLoad (the day-of-year reset)', () => {
  const today = '2026-11-21';
  it.each<
    [
      string,
      { view: string | null; startDate: string | null; visitedOn: string | null },
      { mySchedule: boolean; therapistCount: number },
      { view: CalendarViewName; startDate: string; reset: boolean },
    ]
  >([
    [
      'never visited: today, resource week',
      { view: null, startDate: null, visitedOn: null },
      { mySchedule: false, therapistCount: 5 },
      { view: 'resourceTimeGridWeek', startDate: today, reset: true },
    ],
    [
      'visited yesterday: resets date and view',
      { view: 'dayGridMonth', startDate: '2026-12-03', visitedOn: '2026-11-20' },
      { mySchedule: false, therapistCount: 5 },
      { view: 'resourceTimeGridWeek', startDate: today, reset: true },
    ],
    [
      'visited yesterday in My Schedule: timeGridWeek',
      { view: 'dayGridMonth', startDate: '2026-12-03', visitedOn: '2026-11-20' },
      { mySchedule: true, therapistCount: 1 },
      { view: 'timeGridWeek', startDate: today, reset: true },
    ],
    [
      'same day a year ago also resets',
      { view: 'dayGridMonth', startDate: '2025-12-03', visitedOn: '2025-11-21' },
      { mySchedule: false, therapistCount: 2 },
      { view: 'resourceTimeGridWeek', startDate: today, reset: true },
    ],
    [
      'visited today: keeps the view and date',
      { view: 'dayGridMonth', startDate: '2026-12-03', visitedOn: today },
      { mySchedule: false, therapistCount: 5 },
      { view: 'dayGridMonth', startDate: '2026-12-03', reset: false },
    ],
    [
      'visited today: remembered view adjusted to several therapists',
      { view: 'timeGridDay', startDate: '2026-11-24', visitedOn: today },
      { mySchedule: false, therapistCount: 3 },
      { view: 'resourceTimeGridWeek', startDate: '2026-11-24', reset: false },
    ],
    [
      'visited today: remembered resource view adjusted to My Schedule',
      { view: 'resourceTimeGridDay', startDate: '2026-11-24', visitedOn: today },
      { mySchedule: true, therapistCount: 1 },
      { view: 'timeGridDay', startDate: '2026-11-24', reset: false },
    ],
    [
      'visited today with an unreadable date: today',
      { view: 'dayGridMonth', startDate: 'soon', visitedOn: today },
      { mySchedule: false, therapistCount: 1 },
      { view: 'dayGridMonth', startDate: today, reset: false },
    ],
  ])('%s', (_name, remembered, context, expected) => {
    expect(calendarPositionOnLoad(remembered, today, context)).toEqual(expected);
  });

  it('records today on any date or view change', () => {
    expect(recordCalendarVisit({ view: 'dayGridMonth', startDate: '2027-01-05' }, today)).toEqual({
      view: 'dayGridMonth',
      startDate: '2027-01-05',
      visitedOn: today,
    });
  });
});

describe('shownTherapists', () => {
  const therapists = [
    ...Array.from({ length: 18 }, (_, i) => ({ id: i + 1, active: true })),
    { id: 50, active: false },
  ];
  const base: ShownTherapistsInput = {
    reach: 'practice',
    currentTherapistId: null,
    therapists,
    selectedIds: [],
    mySchedule: false,
  };
  const range = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it.each<[string, Partial<ShownTherapistsInput>, number[], boolean, boolean]>([
    ['nobody chosen: the first 16 active', {}, range(1, 16), false, false],
    ['chosen ones, in the order chosen', { selectedIds: [3, 1, 50] }, [3, 1, 50], false, false],
    ['unknown ids are dropped', { selectedIds: [999, 2] }, [2], false, false],
    ['duplicates count once', { selectedIds: [2, 2, 4] }, [2, 4], false, false],
    [
      'more than 16: the first 16, flagged',
      { selectedIds: range(1, 18) },
      range(1, 16),
      true,
      false,
    ],
    ['exactly 16 is not too many', { selectedIds: range(1, 16) }, range(1, 16), false, false],
    [
      'therapist-only user: their own only, whatever was chosen',
      { reach: 'own', currentTherapistId: 7, selectedIds: [1, 2, 3] },
      [7],
      false,
      false,
    ],
    [
      'therapist-only user in My Schedule',
      { reach: 'own', currentTherapistId: 7, mySchedule: true },
      [7],
      false,
      true,
    ],
    [
      'My Schedule: the current user only',
      { currentTherapistId: 5, mySchedule: true, selectedIds: [1, 2] },
      [5],
      false,
      true,
    ],
    [
      'My Schedule without a therapist record is ignored',
      { currentTherapistId: null, mySchedule: true, selectedIds: [9] },
      [9],
      false,
      false,
    ],
    ['own reach without a therapist record: nothing', { reach: 'own' }, [], false, false],
  ])('%s', (_name, over, ids, tooMany, mySchedule) => {
    expect(shownTherapists({ ...base, ...over })).toEqual({
      therapistIds: ids,
      tooMany,
      mySchedule,
    });
  });

  it('skips inactive therapists when none are chosen', () => {
    const few = [
      { id: 1, active: false },
      { id: 2, active: true },
    ];
    expect(shownTherapists({ ...base, therapists: few }).therapistIds).toEqual([2]);
  });
});

describe('calendarResources', () => {
  const therapists = [
    { id: 4, practitionerFirstName: 'Theresa', practitionerLastName: 'Lindqvist' },
    { id: 2, practitionerFirstName: 'Daniel', practitionerLastName: 'Okafor' },
    { id: 9, practitionerFirstName: 'Priya', practitionerLastName: 'Raman' },
  ];
  const base: ResourcesInput = {
    therapists,
    shownIds: [9, 4],
    mySchedule: false,
    locationsSelected: false,
    singleTherapistChosen: false,
    therapistsWithItems: new Set([4]),
  };

  it('gives one column per shown therapist in display order', () => {
    expect(calendarResources(base)).toEqual([
      { id: '4', title: 'Theresa Lindqvist', lastName: 'Lindqvist', sort: 0 },
      { id: '9', title: 'Priya Raman', lastName: 'Raman', sort: 1 },
    ]);
  });

  it.each<[string, Partial<ResourcesInput>, string[]]>([
    ['none in My Schedule', { mySchedule: true }, []],
    ['locations selected: only those with items there', { locationsSelected: true }, ['4']],
    [
      'locations selected, nobody has items: none',
      { locationsSelected: true, therapistsWithItems: new Set() },
      [],
    ],
    [
      'locations selected with one therapist chosen: that column stays',
      { locationsSelected: true, singleTherapistChosen: true, shownIds: [9] },
      ['9'],
    ],
  ])('%s', (_name, over, ids) => {
    expect(calendarResources({ ...base, ...over }).map((r) => r.id)).toEqual(ids);
  });
});

describe('showCalendarEmptyState', () => {
  const shows: EmptyStateInput = {
    resourceCount: 0,
    mySchedule: false,
    locationsSelected: true,
    singleTherapistChosen: false,
    hasAvailability: false,
    hasFetched: true,
  };
  it('shows when every condition holds', () => {
    expect(showCalendarEmptyState(shows)).toBe(true);
  });
  it.each<[string, Partial<EmptyStateInput>]>([
    ['there are columns', { resourceCount: 2 }],
    ['My Schedule is on', { mySchedule: true }],
    ['no locations are selected', { locationsSelected: false }],
    ['a single therapist is chosen', { singleTherapistChosen: true }],
    ['there is availability', { hasAvailability: true }],
    ['no fetch has completed yet', { hasFetched: false }],
  ])('does not show when %s', (_name, over) => {
    expect(showCalendarEmptyState({ ...shows, ...over })).toBe(false);
  });
});

describe('calendarFetchWindow', () => {
  it.each<[CalendarViewName, string, string, string]>([
    ['timeGridDay', '2026-11-21', '2026-11-21', '2026-11-22'],
    ['resourceTimeGridDay', '2026-12-31', '2026-12-31', '2027-01-01'],
    ['timeGridWeek', '2026-11-21', '2026-11-15', '2026-11-22'],
    ['resourceTimeGridWeek', '2026-11-15', '2026-11-15', '2026-11-22'],
    ['timeGridWeek', '2027-01-01', '2026-12-27', '2027-01-03'],
    // November 2026 starts on a Sunday: the six weeks start on the 1st.
    ['dayGridMonth', '2026-11-21', '2026-11-01', '2026-12-13'],
    // March 2026 starts on a Sunday too, and crosses the clock change.
    ['dayGridMonth', '2026-03-31', '2026-03-01', '2026-04-12'],
    // February 2027 starts on a Monday: from Sunday 31 January.
    ['dayGridMonth', '2027-02-14', '2027-01-31', '2027-03-14'],
    // A leap February.
    ['dayGridMonth', '2028-02-29', '2028-01-30', '2028-03-12'],
  ])('%s around %s: %s to %s', (view, day, start, end) => {
    expect(calendarFetchWindow(view, day)).toEqual({ start, end });
  });

  it('fetches six weeks from a Sunday in the month view', () => {
    for (const day of ['2026-01-15', '2026-05-31', '2026-09-01', '2027-06-30']) {
      const { start, end } = calendarFetchWindow('dayGridMonth', day);
      expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(0);
      expect(Date.parse(end) - Date.parse(start)).toBe(42 * 86_400_000);
      expect(start <= `${day.slice(0, 7)}-01`).toBe(true);
    }
  });

  it('does day arithmetic on dates', () => {
    expect(addIsoDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addIsoDays('2026-03-08', -1)).toBe('2026-03-07');
    expect(sundayOnOrBefore('2026-11-21')).toBe('2026-11-15');
    expect(sundayOnOrBefore('2026-11-15')).toBe('2026-11-15');
  });

  it.each<[CalendarViewName, 'days' | 'window']>([
    ['timeGridDay', 'days'],
    ['timeGridWeek', 'days'],
    ['resourceTimeGridDay', 'days'],
    ['resourceTimeGridWeek', 'days'],
    ['dayGridMonth', 'window'],
  ])('%s reads availability by %s', (view, source) => {
    expect(availabilitySourceFor(view)).toBe(source);
  });
});

describe('shiftCalendarDate', () => {
  it.each<[CalendarViewName, string, number, string]>([
    ['timeGridDay', '2026-11-30', 1, '2026-12-01'],
    ['resourceTimeGridDay', '2026-03-01', -1, '2026-02-28'],
    ['timeGridWeek', '2026-11-21', 1, '2026-11-28'],
    ['resourceTimeGridWeek', '2026-01-03', -1, '2025-12-27'],
    ['dayGridMonth', '2026-11-21', 1, '2026-12-21'],
    ['dayGridMonth', '2026-01-31', 1, '2026-02-28'],
    ['dayGridMonth', '2024-03-31', -1, '2024-02-29'],
    ['dayGridMonth', '2026-12-15', 1, '2027-01-15'],
    ['dayGridMonth', '2026-01-15', -1, '2025-12-15'],
  ])('%s from %s by %i: %s', (view, day, steps, expected) => {
    expect(shiftCalendarDate(view, day, steps)).toBe(expected);
  });
});

describe('resource column widths', () => {
  it.each<[CalendarViewName, number, number | null, number]>([
    ['resourceTimeGridDay', 3, 250, 750],
    ['resourceTimeGridDay', 1, 50, 50],
    ['resourceTimeGridWeek', 16, 50, 5600],
    ['resourceTimeGridWeek', 1, 50, 350],
    ['timeGridWeek', 1, null, 0],
    ['dayGridMonth', 16, null, 0],
  ])('%s with %i therapists: %s px a day, grid at least %i px', (view, count, perDay, grid) => {
    expect(resourceDayMinWidth(view, count)).toBe(perDay);
    expect(calendarGridMinWidth(view, count)).toBe(grid);
  });
});

describe('readableTextColour', () => {
  it.each<[string, string | null, string]>([
    ['appointment blue', CALENDAR_COLOURS.appointment, '#000000'],
    ['cancelled red', CALENDAR_COLOURS.cancelled, '#000000'],
    ['payment orange', CALENDAR_COLOURS.paymentNotLocked, '#000000'],
    ['claim green', CALENDAR_COLOURS.claimCreated, '#000000'],
    ['chart locked grey', CALENDAR_COLOURS.chartLocked, '#000000'],
    ['meeting dark grey', CALENDAR_COLOURS.meeting, '#ffffff'],
    ['navy', '#102040', '#ffffff'],
    ['no colour', null, '#000000'],
    ['not a colour', 'blue', '#000000'],
  ])('%s (%s) gets %s text', (_name, colour, text) => {
    expect(readableTextColour(colour)).toBe(text);
  });
});

describe('calendarEventTitle', () => {
  it.each<[string, Parameters<typeof calendarEventTitle>[0], string]>([
    [
      'appointment: the client',
      { calendar_event_kind: 'appointment', patient_first_name: 'Ann', patient_last_name: 'Lee' },
      'Ann Lee',
    ],
    [
      'appointment: the client by the name they go by, as the details dialog names them',
      {
        calendar_event_kind: 'appointment',
        patient_first_name: 'Robert',
        patient_nick_name: 'Bob',
        patient_last_name: 'Sinclair',
      },
      'Bob Sinclair',
    ],
    [
      'appointment: a blank nickname leaves the first name',
      {
        calendar_event_kind: 'appointment',
        patient_first_name: 'Robert',
        patient_nick_name: '  ',
        patient_last_name: 'Sinclair',
      },
      'Robert Sinclair',
    ],
    [
      'group appointment: the group name',
      {
        calendar_event_kind: 'appointment',
        isGroup: true,
        calendar_event_name: 'Tuesday DBT group',
        patient_first_name: 'DBT',
        patient_last_name: 'Group',
      },
      'Tuesday DBT group',
    ],
    [
      'group without a name: its client row',
      {
        calendar_event_kind: 'appointment',
        isGroup: 1,
        patient_first_name: 'Grief',
        patient_last_name: 'Group',
      },
      'Grief Group',
    ],
    [
      'meeting: its name',
      { calendar_event_kind: 'meeting', calendar_event_name: 'Team huddle' },
      'Team huddle',
    ],
    [
      'unnamed meeting',
      { calendar_event_kind: 'meeting', calendar_event_name: '' },
      'Meeting / Busy',
    ],
    ['out of office', { calendar_event_kind: 'out_of_office' }, 'Out of Office'],
    [
      'holiday',
      { calendar_event_kind: 'holiday', calendar_event_name: 'Thanksgiving' },
      'Thanksgiving',
    ],
    ['appointment with no names', { calendar_event_kind: 'appointment' }, 'Appointment'],
  ])('%s', (_name, event, title) => {
    expect(calendarEventTitle(event)).toBe(title);
  });
});
