/**
 * What reading an outside calendar's iCalendar (ICS) file gives the server
 * (spec-1 §4 'Calendar loading', issue 5 item 12): its busy time in a window.
 * The reader itself (`@openpractice/domain/ics`) is kept out of the main
 * entry so the browser bundle never carries the iCalendar parser.
 */

export interface IcsWindow {
  /** Inclusive start of the window to keep, as epoch milliseconds. */
  start: number;
  /** Exclusive end of the window to keep, as epoch milliseconds. */
  end: number;
}

export interface IcsParseOptions {
  window: IcsWindow;
  /** The practice's zone: all-day events and unknown or floating times are read in it. */
  timezone: string;
  /** At most this many events are returned (the earliest); default 5000. */
  maxEvents?: number;
}

export interface IcsBusyEvent {
  uid: string;
  title: string;
  /** ISO instant in UTC; for an all-day event, midnight of its first day in the practice's zone. */
  start: string;
  /** ISO instant in UTC (exclusive); for an all-day event, midnight after its last day. */
  end: string;
  allDay: boolean;
}

export interface IcsCalendar {
  /** X-WR-RELCALID, the calendar's own id, when the file names one. */
  calendarKey: string | null;
  /** X-WR-CALNAME, when the file names one. */
  calendarName: string | null;
  events: IcsBusyEvent[];
  /** True when more events fell in the window than `maxEvents`. */
  truncated: boolean;
}

/** A file that is not an iCalendar, or one we cannot read; its message is shown to the user. */
export class IcsError extends Error {
  override readonly name = 'IcsError';
}

export const ICS_NOT_A_CALENDAR = 'That address did not return an iCalendar (ICS) file.';
