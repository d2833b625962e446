import type { DayFields } from '@openpractice/contracts/availability/editor';
import type { NewException } from '@openpractice/contracts/availability/exceptions';
import {
  AVAILABILITY_RULES,
  clockText,
  dayOverlapMessage,
  exceptionConflict,
  OPEN_ENDED_SPAN,
  overlapWithinDays,
  overlappingDay,
  overlappingSpan,
  parseClock,
  replacementSpan,
  spanOverlapMessage,
  validateAvailabilityDay,
  validateException,
  validateSpanDates,
  type AvailabilityIssue,
} from '@openpractice/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  availabilityDays,
  availabilityExceptions,
  availabilitySpans,
} from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { refuseClosedLocation } from './closed-location.ts';
import {
  daysOfSpan,
  exceptionOfPractice,
  exceptionsOf,
  isActiveLocation,
  spansOf,
  withDays,
  type AvailabilityTherapist,
  type DayRow,
  type ExceptionRow,
  type SpanRow,
  type SpanWithDays,
} from './queries.ts';

/**
 * Changes to availability, each in one transaction that holds the
 * therapist's availability lock, so two editors cannot both pass an overlap
 * check and write overlapping spans or days.
 */

const AVAILABILITY_LOCK = 727200;
export const LOCATION_NOT_IN_PRACTICE = 'Choose an active location of this practice.';

async function lockTherapist(tx: Db, therapistId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AVAILABILITY_LOCK}, ${therapistId}::int)`);
}

function refuse(issues: readonly AvailabilityIssue[], prefix = ''): void {
  const first = issues[0];
  if (first) throw badRequest(first.message, `${prefix}${first.field}`);
}

async function checkLocation(
  db: Db,
  practiceId: number,
  locationId: number | null | undefined,
  field = 'practiceLocationId',
  /** Extra hours' date; weekly hours (undefined) are refused at any location with a closing date. */
  onDay?: string,
): Promise<void> {
  if (locationId === null || locationId === undefined) return;
  if (!(await isActiveLocation(db, practiceId, locationId))) {
    throw badRequest(LOCATION_NOT_IN_PRACTICE, field);
  }
  await refuseClosedLocation(db, { practiceId, locationId, field, onDay });
}

/** A day's columns, with times stored as 'HH:MM'. */
function dayValues(day: DayFields) {
  return {
    dayOfWeek: day.dayOfWeek,
    locationId: day.practiceLocationId,
    startTime: clockText(parseClock(day.startTime) ?? 0),
    endTime: clockText(parseClock(day.endTime) ?? 0),
    onlineScheduling: day.onlineScheduling,
    scheduleEvery: day.scheduleEvery,
    inPersonEnabled: day.inPersonEnabled,
    teletherapyEnabled: day.teletherapyEnabled,
  };
}

async function checkDay(
  db: Db,
  practiceId: number,
  therapist: AvailabilityTherapist,
  day: DayFields,
  prefix = '',
): Promise<void> {
  refuse(validateAvailabilityDay(day, { telehealthAllowed: therapist.hasTelehealth }), prefix);
  await checkLocation(db, practiceId, day.practiceLocationId, `${prefix}practiceLocationId`);
}

// --- Spans ------------------------------------------------------------------------

export async function addSpan(
  db: Db,
  input: {
    practiceId: number;
    therapistId: number;
    span_from: string | null;
    span_to: string | null;
  },
): Promise<SpanWithDays> {
  const dates = { span_from: input.span_from, span_to: input.span_to };
  refuse(validateSpanDates(dates));
  return db.transaction(async (tx) => {
    await lockTherapist(tx, input.therapistId);
    const other = overlappingSpan(await spansOf(tx, input.practiceId, input.therapistId), dates);
    if (other) throw conflict(spanOverlapMessage(other));
    const [created] = await tx
      .insert(availabilitySpans)
      .values({
        practiceId: input.practiceId,
        therapistId: input.therapistId,
        spanFrom: dates.span_from,
        spanTo: dates.span_to,
      })
      .returning({ id: availabilitySpans.id });
    if (!created) throw new Error('availability span insert failed');
    return { span_id: created.id, ...dates, therapistId: input.therapistId, days: [] };
  });
}

export async function updateSpan(
  db: Db,
  input: { practiceId: number; span: SpanRow; span_from: string | null; span_to: string | null },
): Promise<SpanWithDays> {
  const dates = { span_from: input.span_from, span_to: input.span_to };
  refuse(validateSpanDates(dates));
  return db.transaction(async (tx) => {
    await lockTherapist(tx, input.span.therapistId);
    const spans = await spansOf(tx, input.practiceId, input.span.therapistId);
    const other = overlappingSpan(spans, dates, input.span.span_id);
    if (other) throw conflict(spanOverlapMessage(other));
    await tx
      .update(availabilitySpans)
      .set({ spanFrom: dates.span_from, spanTo: dates.span_to })
      .where(eq(availabilitySpans.id, input.span.span_id));
    return withDays(tx, { ...input.span, ...dates });
  });
}

/** Removes the span and its days; answers the span the editor loads next (spec-2 §4). */
export async function removeSpan(
  db: Db,
  input: { practiceId: number; span: SpanRow; today: string },
): Promise<{ removedSpanId: number; replacement: SpanRow | null }> {
  return db.transaction(async (tx) => {
    await lockTherapist(tx, input.span.therapistId);
    await tx.delete(availabilitySpans).where(eq(availabilitySpans.id, input.span.span_id));
    const remaining = await spansOf(tx, input.practiceId, input.span.therapistId);
    return {
      removedSpanId: input.span.span_id,
      replacement: replacementSpan(remaining, input.span, input.today),
    };
  });
}

/** Clears every span, day and date exception of the therapist (spec-2 §4 start over). */
export async function startOver(
  db: Db,
  input: { practiceId: number; therapistId: number },
): Promise<{ removedSpans: number; removedExceptions: number }> {
  return db.transaction(async (tx) => {
    await lockTherapist(tx, input.therapistId);
    const spans = await tx
      .delete(availabilitySpans)
      .where(
        sql`${availabilitySpans.practiceId} = ${input.practiceId} and ${availabilitySpans.therapistId} = ${input.therapistId}`,
      )
      .returning({ id: availabilitySpans.id });
    const exceptions = await tx
      .delete(availabilityExceptions)
      .where(
        sql`${availabilityExceptions.practiceId} = ${input.practiceId} and ${availabilityExceptions.therapistId} = ${input.therapistId}`,
      )
      .returning({ id: availabilityExceptions.id });
    return { removedSpans: spans.length, removedExceptions: exceptions.length };
  });
}

// --- Days -------------------------------------------------------------------------

async function refuseOverlappingDay(
  tx: Db,
  spanId: number,
  day: DayFields,
  ignoreDayId?: number,
): Promise<void> {
  const other = overlappingDay(await daysOfSpan(tx, spanId), day, ignoreDayId);
  if (other) throw conflict(dayOverlapMessage(other));
}

/**
 * Adds a day to a span. With no span named and none existing, an open-ended
 * span is created first, in the same transaction (spec-2 §4).
 */
export async function createDay(
  db: Db,
  input: {
    practiceId: number;
    therapist: AvailabilityTherapist;
    span: SpanRow | null;
    day: DayFields;
  },
): Promise<{ day: DayRow; span: SpanWithDays; createdSpan: boolean }> {
  await checkDay(db, input.practiceId, input.therapist, input.day);
  return db.transaction(async (tx) => {
    await lockTherapist(tx, input.therapist.id);
    let span = input.span;
    let createdSpan = false;
    if (span === null) {
      const existing = await spansOf(tx, input.practiceId, input.therapist.id);
      if (existing.length > 0)
        throw badRequest(AVAILABILITY_RULES.chooseSpan, 'availabilitySpanId');
      const [created] = await tx
        .insert(availabilitySpans)
        .values({
          practiceId: input.practiceId,
          therapistId: input.therapist.id,
          spanFrom: OPEN_ENDED_SPAN.span_from,
          spanTo: OPEN_ENDED_SPAN.span_to,
        })
        .returning({ id: availabilitySpans.id });
      if (!created) throw new Error('availability span insert failed');
      span = { span_id: created.id, ...OPEN_ENDED_SPAN, therapistId: input.therapist.id };
      createdSpan = true;
    } else {
      await refuseOverlappingDay(tx, span.span_id, input.day);
    }
    const [row] = await tx
      .insert(availabilityDays)
      .values({ spanId: span.span_id, ...dayValues(input.day) })
      .returning({ id: availabilityDays.id });
    if (!row) throw new Error('availability day insert failed');
    const full = await withDays(tx, span);
    const day = full.days.find((d) => d.day_id === row.id);
    if (!day) throw new Error('availability day not read back');
    return { day, span: full, createdSpan };
  });
}

export async function updateDay(
  db: Db,
  input: {
    practiceId: number;
    therapist: AvailabilityTherapist;
    existing: DayRow;
    day: DayFields;
    /** A last check under the lock before writing (booked appointments the change collides with). */
    beforeWrite?: (tx: Db) => Promise<void>;
  },
): Promise<DayRow> {
  await checkDay(db, input.practiceId, input.therapist, input.day);
  return db.transaction(async (tx) => {
    await lockTherapist(tx, input.therapist.id);
    await refuseOverlappingDay(
      tx,
      input.existing.availabilitySpanId,
      input.day,
      input.existing.day_id,
    );
    await input.beforeWrite?.(tx);
    await tx
      .update(availabilityDays)
      .set(dayValues(input.day))
      .where(eq(availabilityDays.id, input.existing.day_id));
    const days = await daysOfSpan(tx, input.existing.availabilitySpanId);
    const day = days.find((d) => d.day_id === input.existing.day_id);
    if (!day) throw new Error('availability day not read back');
    return day;
  });
}

export async function deleteDay(db: Db, dayId: number): Promise<void> {
  await db.delete(availabilityDays).where(eq(availabilityDays.id, dayId));
}

/** Fills a span that has no days with a set of days, all or none. */
export async function fillEmptySpan(
  db: Db,
  input: {
    practiceId: number;
    therapist: AvailabilityTherapist;
    span: SpanRow;
    days: readonly DayFields[];
  },
): Promise<SpanWithDays> {
  for (const [i, day] of input.days.entries()) {
    await checkDay(db, input.practiceId, input.therapist, day, `days.${i}.`);
  }
  const within = overlapWithinDays(input.days);
  if (within) throw badRequest(within.message, within.field);
  return db.transaction(async (tx) => {
    await lockTherapist(tx, input.therapist.id);
    if ((await daysOfSpan(tx, input.span.span_id)).length > 0) {
      throw conflict(AVAILABILITY_RULES.spanHasDays);
    }
    await tx
      .insert(availabilityDays)
      .values(input.days.map((day) => ({ spanId: input.span.span_id, ...dayValues(day) })));
    return withDays(tx, input.span);
  });
}

// --- Date exceptions ---------------------------------------------------------------

export async function addException(
  db: Db,
  input: {
    practiceId: number;
    therapist: AvailabilityTherapist;
    today: string;
    exception: NewException;
    beforeWrite?: (tx: Db) => Promise<void>;
  },
): Promise<ExceptionRow> {
  const e = input.exception;
  const isExtra = e.kind === 'extra';
  const candidate = {
    date: e.date,
    kind: e.kind,
    practiceLocationId: isExtra ? (e.practiceLocationId ?? null) : null,
    startTime: isExtra ? (e.startTime ?? '') : undefined,
    endTime: isExtra ? (e.endTime ?? '') : undefined,
    onlineScheduling: isExtra ? (e.onlineScheduling ?? false) : false,
    scheduleEvery: e.scheduleEvery ?? 60,
    inPersonEnabled: isExtra ? (e.inPersonEnabled ?? true) : false,
    teletherapyEnabled: isExtra ? (e.teletherapyEnabled ?? false) : false,
  };
  refuse(
    validateException(candidate, {
      today: input.today,
      telehealthAllowed: input.therapist.hasTelehealth,
    }),
  );
  await checkLocation(
    db,
    input.practiceId,
    candidate.practiceLocationId,
    'practiceLocationId',
    candidate.date,
  );
  const id = await db.transaction(async (tx) => {
    await lockTherapist(tx, input.therapist.id);
    const existing = await exceptionsOf(tx, {
      practiceId: input.practiceId,
      therapistId: input.therapist.id,
      from: candidate.date,
    });
    const clash = exceptionConflict(
      existing.map((x) => ({
        ...x,
        startTime: x.startTime ?? undefined,
        endTime: x.endTime ?? undefined,
      })),
      candidate,
    );
    if (clash) throw conflict(clash.message);
    await input.beforeWrite?.(tx);
    const [row] = await tx
      .insert(availabilityExceptions)
      .values({
        practiceId: input.practiceId,
        therapistId: input.therapist.id,
        date: candidate.date,
        kind: candidate.kind,
        locationId: candidate.practiceLocationId,
        startTime: isExtra ? clockText(parseClock(candidate.startTime ?? '') ?? 0) : null,
        endTime: isExtra ? clockText(parseClock(candidate.endTime ?? '') ?? 0) : null,
        onlineScheduling: candidate.onlineScheduling,
        scheduleEvery: candidate.scheduleEvery,
        inPersonEnabled: candidate.inPersonEnabled,
        teletherapyEnabled: candidate.teletherapyEnabled,
        note: e.note?.trim() ? e.note.trim() : null,
      })
      .returning({ id: availabilityExceptions.id });
    if (!row) throw new Error('availability exception insert failed');
    return row.id;
  });
  const created = await exceptionOfPractice(db, input.practiceId, id);
  if (!created) throw new Error('availability exception not read back');
  return created;
}

export async function deleteException(db: Db, exceptionId: number): Promise<void> {
  await db.delete(availabilityExceptions).where(eq(availabilityExceptions.id, exceptionId));
}
