import {
  addIsoDays,
  bookedTimesLeftOutside,
  collisionRefusal,
  isIsoDay,
  startOfZonedDay,
  type SpanHours,
  type TherapistHours,
  type WeeklyHours,
} from '@openpractice/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { practiceDay } from '../../platform/practice-day.ts';
import { therapistAppointments, type BookedAppointment } from '../calendar/index.ts';
import { exceptionsOf, spansOf, withDays, type DayRow } from './queries.ts';

/**
 * Availability changes that collide with booked appointments (issue 15 item
 * 7). The rule (which ones a change leaves outside the hours) is the
 * domain's; this reads the therapist's hours and appointments (through the
 * calendar's door) and refuses an unconfirmed save.
 */

/** What is about to change. */
export type ProposedChange =
  | { change: 'dayOff'; date: string }
  | { change: 'dayHours'; existing: DayRow; next: WeeklyHours }
  | { change: 'removeDay'; existing: DayRow };

/** The field a collision refusal names: the flag that saves anyway. */
export const CONFIRM_FIELD = 'confirmCollisions';

type Scope = { practiceId: number; therapistId: number; now: Date };

/** The therapist's spans with their days, and their date exceptions from today on. */
async function hoursOf(db: Db, scope: Scope, today: string) {
  const spans = await Promise.all(
    (await spansOf(db, scope.practiceId, scope.therapistId)).map((s) => withDays(db, s)),
  );
  const exceptions = await exceptionsOf(db, { ...scope, from: today });
  return { spans, hours: { spans, exceptions } satisfies TherapistHours };
}

const later = (a: string, b: string | null) => (b !== null && b > a ? b : a);

/** The instant a practice day starts (a bad day reads as never). */
function dayStart(day: string, timezone: string): string {
  const start = startOfZonedDay(day, timezone);
  if (start === null) throw new Error(`not a day: ${day}`);
  return start;
}

/**
 * The appointments (from now on) the change would leave outside the
 * therapist's hours, by start. A day off: every one that day outside extra
 * hours kept. New or removed weekly hours: those of that weekday in the
 * day's span that were inside the hours and no longer are.
 */
export async function collisionsOf(
  db: Db,
  scope: Scope,
  proposed: ProposedChange,
): Promise<{ timezone: string; appointments: BookedAppointment[] }> {
  const { timezone, today } = await practiceDay(db, scope.practiceId, scope.now);
  const now = scope.now.toISOString();
  const { spans, hours } = await hoursOf(db, scope, today);
  const read = (from: string, to: string | null, dayOfWeek?: number) =>
    therapistAppointments(db, {
      practiceId: scope.practiceId,
      therapistId: scope.therapistId,
      from,
      to,
      ...(dayOfWeek === undefined ? {} : { weekday: { dayOfWeek, timezone } }),
    });

  if (proposed.change === 'dayOff') {
    if (!isIsoDay(proposed.date)) return { timezone, appointments: [] };
    const booked = await read(
      later(now, dayStart(proposed.date, timezone)),
      dayStart(addIsoDays(proposed.date, 1), timezone),
    );
    const after: TherapistHours = {
      ...hours,
      exceptions: [
        ...hours.exceptions,
        { date: proposed.date, kind: 'off', startTime: null, endTime: null },
      ],
    };
    return { timezone, appointments: bookedTimesLeftOutside(booked, after, timezone, null) };
  }

  const { existing } = proposed;
  const span = spans.find((s) => s.span_id === existing.availabilitySpanId);
  if (!span) return { timezone, appointments: [] };
  const from = later(now, span.span_from === null ? null : dayStart(span.span_from, timezone));
  const to = span.span_to === null ? null : dayStart(addIsoDays(span.span_to, 1), timezone);
  const booked = await read(from, to, existing.dayOfWeek);
  const days = span.days.flatMap((d): WeeklyHours[] => {
    if (d.day_id !== existing.day_id) return [d];
    return proposed.change === 'dayHours' ? [proposed.next] : [];
  });
  const after: TherapistHours = {
    ...hours,
    spans: hours.spans.map((s): SpanHours => (s === span ? { ...s, days } : s)),
  };
  return { timezone, appointments: bookedTimesLeftOutside(booked, after, timezone, hours) };
}

/**
 * Refuses (409 naming the appointments by time, field `confirmCollisions`)
 * a change that would leave booked appointments outside the hours, unless
 * the person saw the warning and confirmed. Nothing is written before this.
 */
export async function refuseUnconfirmedCollisions(
  db: Db,
  scope: Scope & { confirmed: boolean | undefined },
  proposed: ProposedChange,
): Promise<void> {
  if (scope.confirmed === true) return;
  const { timezone, appointments } = await collisionsOf(db, scope, proposed);
  if (appointments.length === 0) return;
  throw new AppError(
    409,
    collisionRefusal(
      appointments.map((a) => a.start),
      timezone,
    ),
    CONFIRM_FIELD,
  );
}
