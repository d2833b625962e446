/**
 * Text to an iCalendar component tree, by ical.js. Feeds in the wild carry
 * the odd line ical.js refuses (a parameter without a value, a stray line of
 * text); rather than losing the whole calendar, such lines are dropped and
 * the file read again.
 */
import ICAL from 'ical.js';
import { IcsError, ICS_NOT_A_CALENDAR } from './types.ts';

export type IcalComponent = InstanceType<typeof ICAL.Component>;
export type IcalProperty = InstanceType<typeof ICAL.Property>;
export type IcalTime = InstanceType<typeof ICAL.Time>;
export type IcalRecur = InstanceType<typeof ICAL.Recur>;
export type IcalDuration = InstanceType<typeof ICAL.Duration>;

/** A content line: a name, parameters (plain or quoted values) and a colon (RFC 5545 §3.1). */
const CONTENT_LINE =
  /^[A-Za-z0-9-]+(?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*:/;

function withoutUnreadableLines(text: string): string {
  return text
    .replace(/\n[ \t]/g, '')
    .split('\n')
    .filter((line) => CONTENT_LINE.test(line))
    .join('\n');
}

function parsed(text: string): unknown {
  try {
    return ICAL.parse(text);
  } catch {
    return ICAL.parse(withoutUnreadableLines(text));
  }
}

/** The file's first VCALENDAR; throws IcsError when the text is not an iCalendar. */
export function readCalendarComponent(text: string): IcalComponent {
  // One line ending, so folded lines unfold whichever ending the server used.
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n|\r/g, '\n');
  if (!/^\s*BEGIN:VCALENDAR\s*$/im.test(normalized.split('\n').find((l) => l.trim()) ?? '')) {
    throw new IcsError(ICS_NOT_A_CALENDAR);
  }
  let jcal: unknown;
  try {
    jcal = parsed(normalized);
  } catch {
    throw new IcsError(ICS_NOT_A_CALENDAR);
  }
  // Several calendars in one file come back as a list of components.
  const first = Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal[0] : jcal;
  const root = new ICAL.Component(first as ConstructorParameters<typeof ICAL.Component>[0]);
  if (root.name !== 'vcalendar') throw new IcsError(ICS_NOT_A_CALENDAR);
  return root;
}
