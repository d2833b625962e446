import type { EventInput } from '@fullcalendar/core';
import {
  calendarEventTitle,
  calendarItemColour,
  calendarItemFlags,
  readableTextColour,
} from '@openpractice/domain';

import type { AvailabilityBlock, CalendarEvent } from './api';

/** Shown for items with no colour of their own (remote calendars). */
const NEUTRAL_COLOUR = '#e0e0e0';
/** Availability without a location colour: a pale green wash behind the grid. */
const AVAILABILITY_COLOUR = '#66bb6a';

const textColours = new Map<string, string>();

/** readableTextColour, remembered per colour: a month maps thousands of events in a handful of colours. */
function textColourOn(background: string): string {
  let text = textColours.get(background);
  if (text === undefined) {
    text = readableTextColour(background);
    textColours.set(background, text);
  }
  return text;
}

export type CalendarItemSource = 'practice' | 'availability' | 'external' | 'more';

/** What an event element needs beyond FullCalendar's own fields (its extendedProps). */
export interface PracticeItemProps {
  source: 'practice';
  eventId: number;
  attendeeId: number | null;
  kind: CalendarEvent['calendar_event_kind'];
  seriesId: number | null;
  cancelled: boolean;
  /** Booked online, not yet confirmed by staff. */
  awaitingConfirmation: boolean;
  telehealth: boolean;
  hasAlert: boolean;
  groupChartWarning: boolean;
  checkedIn: boolean;
  /** A past appointment with an attendee whose attendance is still unknown. */
  attendanceNotRecorded: boolean;
  /** The service (CPT code), shown after the client's name. */
  serviceCode: string | null;
  locationColour: string | null;
  locationName: string | null;
}

export interface MappingOptions {
  /** The user may move events (the scheduling role, not in screen-reader mode). */
  editable: boolean;
  /** Location names by id, for the text alternative of the location stripe. */
  locationNames: ReadonlyMap<number, string>;
  /** Now, in ms: appointments ended by then without attendance are drawn apart. */
  now: number;
}

/**
 * An appointment that has ended, was not cancelled, and still has an attendee
 * whose attendance is unknown: someone must record what happened. Only a
 * marking (outline, icon, words): its colour stays the colour rule's.
 */
export function isAttendanceNotRecorded(
  event: Pick<CalendarEvent, 'calendar_event_kind' | 'end_date_time' | 'unrecorded_attendee_count'>,
  cancelled: boolean,
  now: number,
): boolean {
  return (
    event.calendar_event_kind === 'appointment' &&
    !cancelled &&
    event.unrecorded_attendee_count > 0 &&
    Date.parse(event.end_date_time) <= now
  );
}

/**
 * Calendar events as FullCalendar items (spec-1 §4 Calendar item colour,
 * reading A; the server already computed `calendar_color` with the domain
 * rule, so cancelled is red). Pure, so the page memoises it per answer:
 * 4,000 events map once, not on every render.
 */
export function toCalendarItems(
  events: readonly CalendarEvent[],
  options: MappingOptions,
): EventInput[] {
  return events.map((event) => {
    const flags = calendarItemFlags(event);
    const colour = event.calendar_color ?? calendarItemColour(event) ?? NEUTRAL_COLOUR;
    const movable = options.editable && !flags.cancelled && event.calendar_event_kind !== 'holiday';
    const notRecorded = isAttendanceNotRecorded(event, flags.cancelled, options.now);
    const props: PracticeItemProps = {
      source: 'practice',
      eventId: event.calendar_event_id,
      attendeeId: event.calendar_event_attendee_id,
      kind: event.calendar_event_kind,
      seriesId: event.series_id,
      cancelled: flags.cancelled,
      awaitingConfirmation: event.awaitingConfirmation,
      telehealth: event.isTeletherapy,
      hasAlert: event.hasAlert,
      groupChartWarning: flags.hasGroupChartWarning,
      checkedIn: event.checkedintime !== null,
      attendanceNotRecorded: notRecorded,
      serviceCode: event.service_code,
      locationColour: event.practice_location_color,
      locationName:
        event.practice_location_id === null
          ? null
          : (options.locationNames.get(event.practice_location_id) ?? null),
    };
    return {
      id: String(event.calendar_event_id),
      resourceId: String(event.user_id_therapist),
      title: calendarEventTitle(event),
      start: event.start_date_time,
      end: event.end_date_time,
      allDay: event.calendar_event_allday,
      backgroundColor: colour,
      borderColor: colour,
      textColor: textColourOn(colour),
      startEditable: movable,
      durationEditable: false,
      resourceEditable: false,
      classNames: [
        'op-event',
        `op-event-${event.calendar_event_kind}`,
        ...(flags.cancelled ? ['op-event-cancelled'] : []),
        ...(event.awaitingConfirmation ? ['op-event-awaiting'] : []),
        ...(notRecorded ? ['op-event-unrecorded'] : []),
      ],
      extendedProps: props,
    };
  });
}

/** Availability blocks as background events of their therapist's column. */
export function toAvailabilityItems(blocks: readonly AvailabilityBlock[]): EventInput[] {
  return blocks.map((block) => ({
    id: `availability-${String(block.availability_day_id)}-${block.date}`,
    resourceId: String(block.user_id_therapist),
    start: block.start_date_time,
    end: block.end_date_time,
    display: 'background',
    backgroundColor: block.practice_location_color ?? AVAILABILITY_COLOUR,
    editable: false,
    interactive: false,
    classNames: ['op-availability'],
    extendedProps: { source: 'availability' satisfies CalendarItemSource },
  }));
}

/** Read-only events of connected outside calendars: never movable, never opened. */
export function asExternalItems(events: readonly EventInput[]): EventInput[] {
  return events.map((event) => {
    const colour = event.backgroundColor ?? event.color ?? NEUTRAL_COLOUR;
    return {
      ...event,
      editable: false,
      startEditable: false,
      durationEditable: false,
      resourceEditable: false,
      interactive: false,
      backgroundColor: colour,
      borderColor: colour,
      textColor: readableTextColour(colour),
      classNames: ['op-event', 'op-event-external'],
      extendedProps: { ...event.extendedProps, source: 'external' satisfies CalendarItemSource },
    };
  });
}

/** The words a screen reader (and a tooltip) gives for an item's indicators. */
export function indicatorLabels(props: PracticeItemProps): string[] {
  const labels: string[] = [];
  if (props.cancelled) labels.push('Cancelled');
  if (props.awaitingConfirmation) labels.push('Awaiting confirmation');
  if (props.telehealth) labels.push('Telehealth');
  if (props.hasAlert) labels.push('Client alert');
  if (props.groupChartWarning) labels.push('Group charts incomplete');
  if (props.checkedIn) labels.push('Checked in');
  if (props.attendanceNotRecorded) labels.push('Attendance not recorded');
  if (props.serviceCode) labels.push(`Service ${props.serviceCode}`);
  if (props.locationName) labels.push(`Location: ${props.locationName}`);
  return labels;
}

export function isPracticeItem(props: unknown): props is PracticeItemProps {
  return (
    typeof props === 'object' &&
    props !== null &&
    (props as { source?: unknown }).source === 'practice'
  );
}

/** Events a day of the month view shows before it sums up the rest. */
export const MONTH_EVENTS_PER_DAY = 3;

export interface MonthSummary {
  shown: CalendarEvent[];
  /** Days with more events than shown, and how many more. */
  more: { day: string; count: number }[];
}

/**
 * The month view lists the first few events of each day (by start) and sums
 * up the rest in one "+N more" item that opens the day. Sixteen therapists
 * book about 4,000 events in six weeks: drawing and measuring every one of
 * them in the month grid, only to hide most, is what made it slow.
 */
export function summariseMonth(
  events: readonly CalendarEvent[],
  perDay: number,
  dayOf: (instant: string) => string,
): MonthSummary {
  const counts = new Map<string, number>();
  const shown: CalendarEvent[] = [];
  for (const event of events) {
    const day = dayOf(event.start_date_time);
    const count = (counts.get(day) ?? 0) + 1;
    counts.set(day, count);
    if (count <= perDay) shown.push(event);
  }
  const more = [...counts]
    .filter(([, count]) => count > perDay)
    .map(([day, count]) => ({ day, count: count - perDay }));
  return { shown, more };
}

export interface MoreItemProps {
  source: 'more';
  day: string;
  count: number;
}

/** One "+N more" item per busy day, last in the day (a moment before midnight). */
export function toMoreItems(more: MonthSummary['more']): EventInput[] {
  return more.map(({ day, count }) => ({
    id: `more-${day}`,
    title: `+${String(count)} more`,
    start: `${day}T23:58:00`,
    end: `${day}T23:59:00`,
    allDay: false,
    editable: false,
    startEditable: false,
    durationEditable: false,
    classNames: ['op-more'],
    backgroundColor: 'transparent',
    borderColor: 'transparent',
    textColor: '#1559b0',
    extendedProps: { source: 'more', day, count } satisfies MoreItemProps,
  }));
}

export function isMoreItem(props: unknown): props is MoreItemProps {
  return (
    typeof props === 'object' && props !== null && (props as { source?: unknown }).source === 'more'
  );
}
