/** What a calendar event says and how its text reads on its colour (spec-1 §2 Calendar screen). */
import { fullName } from './formats.ts';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/** Black or white, whichever reads better on the colour (WCAG contrast). Unknown colours get black. */
export function readableTextColour(background: string | null | undefined): '#000000' | '#ffffff' {
  const l = background ? luminance(background) : null;
  if (l === null) return '#000000';
  const onWhite = 1.05 / (l + 0.05);
  const onBlack = (l + 0.05) / 0.05;
  return onWhite > onBlack ? '#ffffff' : '#000000';
}

/** The fields of a received calendar event that name it. */
export interface CalendarEventTitleFields {
  calendar_event_kind?: string | null;
  calendar_event_name?: string | null;
  patient_first_name?: string | null;
  patient_nick_name?: string | null;
  patient_last_name?: string | null;
  isGroup?: boolean | number | null;
}

const KIND_TITLES: Record<string, string> = {
  appointment: 'Appointment',
  meeting: 'Meeting / Busy',
  out_of_office: 'Out of Office',
  holiday: 'Holiday',
};

/**
 * What an event is called on the calendar: for an appointment, the client's
 * everyday name (`fullName`, as everywhere a client is named) or the group's
 * name; else the meeting's name, else its kind.
 */
export function calendarEventTitle(event: CalendarEventTitleFields): string {
  const kind = event.calendar_event_kind ?? 'appointment';
  const named = (event.calendar_event_name ?? '').trim();
  if (kind === 'appointment') {
    // The same name the details dialog and the client's chart show (spec-2 §5: the nickname rule).
    const person = fullName({
      firstName: event.patient_first_name,
      nickName: event.patient_nick_name,
      lastName: event.patient_last_name,
    });
    if (event.isGroup && named !== '') return named;
    return person || named || KIND_TITLES.appointment || 'Appointment';
  }
  return named || KIND_TITLES[kind] || 'Calendar item';
}
