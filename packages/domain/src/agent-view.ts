/**
 * The external agent's calendar (spec-1 §2 '/schedule/externalAgent', §3
 * 'Agent-view event' and 'External-agent therapist', issue 5 item 11).
 *
 * An external agent works for the practice from outside it (an answering or
 * scheduling service). It sees only the therapists assigned to it, and of
 * their appointments only what it needs to answer a caller: when, with which
 * therapist, in person or by telehealth, the location's colour, whether the
 * client has an alert, the status, and the client's initials. Never the
 * client's name, id, contact details or the alert's text; meetings show their
 * kind, not their free-text name.
 */
import { calendarItemColour, type CalendarEventColourFields } from './calendar-colours.ts';
import { weekWindow, type DayWindow } from './zoned-time.ts';

/** The practice name in a column title is shortened to this many characters. */
export const AGENT_PRACTICE_NAME_MAX = 15;

/** A practice name at most 15 characters long: longer ones end in an ellipsis. */
export function shortenPracticeName(name: string, max = AGENT_PRACTICE_NAME_MAX): string {
  const text = name.trim();
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/** `GET /api/calendar/listTherapistsByExternalAgent` rows (spec-1 §3 'External-agent therapist'). */
export interface ExternalAgentTherapist {
  therapist_id: number;
  therapist_name: string;
  practice_name: string;
  external_agent_id: number;
  /** Added by this project, so practices with the same name are still told apart. */
  practice_id?: number;
}

/**
 * A therapist's column title: the name, plus the practice's name shortened to
 * 15 characters when the therapist works for another practice than the one
 * the agent acts for now.
 */
export function agentTherapistTitle(
  therapist: ExternalAgentTherapist,
  current: { practiceId?: number | null; practiceName?: string | null },
): string {
  const samePractice =
    therapist.practice_id !== undefined &&
    current.practiceId !== undefined &&
    current.practiceId !== null
      ? therapist.practice_id === current.practiceId
      : therapist.practice_name.trim() === (current.practiceName ?? '').trim();
  if (samePractice) return therapist.therapist_name;
  return `${therapist.therapist_name} (${shortenPracticeName(therapist.practice_name)})`;
}

export type AgentEventKind = 'appointment' | 'meeting' | 'out_of_office' | 'holiday';
export type AgentEventStatus = 'scheduled' | 'attended' | 'not_attended' | 'no_show' | 'cancelled';

/** The client's initials ('M. H.'), or '' when there is no name. */
export function clientInitials(firstName: string | null, lastName: string | null): string {
  const initial = (name: string | null) => {
    const letter = (name ?? '').trim().charAt(0).toUpperCase();
    return letter === '' ? '' : `${letter}.`;
  };
  return [initial(firstName), initial(lastName)].filter((s) => s !== '').join(' ');
}

/** What an agent may read about one event's title. */
export function agentEventTitle(input: {
  kind: AgentEventKind;
  clientInitials: string;
  isGroup: boolean;
  holidayName?: string;
  cancelled: boolean;
}): string {
  let title: string;
  switch (input.kind) {
    case 'appointment':
      title = input.isGroup
        ? 'Group appointment'
        : input.clientInitials === ''
          ? 'Appointment'
          : `Appointment (${input.clientInitials})`;
      break;
    case 'meeting':
      title = 'Meeting';
      break;
    case 'out_of_office':
      title = 'Out of Office';
      break;
    case 'holiday':
      title = input.holidayName?.trim() || 'Holiday';
      break;
  }
  // The colour says it too, but not to everyone: cancelled is also written.
  return input.cancelled ? `Cancelled: ${title}` : title;
}

/** An appointment's status as the agent sees it; cancelled wins, then what attendance says. */
export function agentEventStatus(input: {
  cancelled: boolean;
  attendedCount: number;
  noShowCount: number;
  notAttendedCount: number;
}): AgentEventStatus {
  if (input.cancelled) return 'cancelled';
  if (input.attendedCount > 0) return 'attended';
  if (input.noShowCount > 0) return 'no_show';
  if (input.notAttendedCount > 0) return 'not_attended';
  return 'scheduled';
}

/**
 * `GET /api/calendar/getTherapistAppointmentsByExternalAgent` rows: the
 * colour fields of a calendar event plus the agent-view fields of spec-1 §3.
 */
export interface AgentAppointment extends CalendarEventColourFields {
  calendar_event_id: number;
  calendar_event_kind: AgentEventKind;
  /** The title the agent may see (agentEventTitle), never the client's name. */
  calendar_event_name: string;
  therapist_id: number;
  start_date_time: string;
  end_date_time: string;
  all_day: boolean;
  practice_location_id: number | null;
  location_color: string | null;
  is_teletherapy: boolean;
  has_alert: boolean;
  external_agent_id: number;
  status: AgentEventStatus;
}

/** spec-1 §3 'Agent-view event': what the agent's calendar draws. */
export interface AgentViewEvent {
  id: string;
  start: string;
  end: string;
  resourceId: string;
  title: string;
  allDay: boolean;
  type: AgentEventKind;
  externalAgentId: number;
  isTeletherapy: boolean;
  hasAlert: boolean;
  status: AgentEventStatus;
  locationColor: string | null;
  color: string | undefined;
}

/** Maps a row for the agent's calendar; its colour is reading B of the colour rule (cancelled first). */
export function toAgentViewEvent(row: AgentAppointment): AgentViewEvent {
  return {
    id: String(row.calendar_event_id),
    start: row.start_date_time,
    end: row.end_date_time,
    resourceId: String(row.therapist_id),
    title: row.calendar_event_name,
    allDay: row.all_day,
    type: row.calendar_event_kind,
    externalAgentId: row.external_agent_id,
    isTeletherapy: row.is_teletherapy,
    hasAlert: row.has_alert,
    status: row.status,
    locationColor: row.location_color,
    color: calendarItemColour(row) ?? undefined,
  };
}

/**
 * The week the agent's calendar loads for a day: from the Sunday on or before
 * it to the next Sunday (exclusive), as ISO dates in the practice's calendar.
 */
export function agentWeekOf(date: string): DayWindow {
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new RangeError(`Not a date: ${date}`);
  return weekWindow(date);
}
