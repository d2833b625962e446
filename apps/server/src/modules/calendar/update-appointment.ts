import type * as series from '@openpractice/contracts/calendar/series';
import type { SeriesScope } from '@openpractice/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { idArray } from '../../platform/sql.ts';
import { booking, seriesEditTaken, seriesMoveTaken, SLOT_TAKEN } from './booking-rules.ts';
import {
  assertBookableTherapist,
  placeEvents,
  windowFrom,
  type Placement,
} from './place-events.ts';
import type { EventRow } from './queries.ts';
import {
  ATTENDED_CANNOT_CHANGE,
  CANCELLED_CANNOT_CHANGE,
  changeableEvent,
  idsOf,
  lockedPlan,
  NOTHING_TO_CHANGE,
  ONLY_APPOINTMENTS,
  outcomeOf,
  type ChangeOutcome,
} from './series-service.ts';
import { assertLocation } from './service.ts';
import { assertEventsAtOpenLocations } from './closed-locations.ts';

type UpdateAppointmentInput = z.output<typeof series.updateAppointment.schema.body>;

async function assertProduct(db: Db, practiceId: number, productId: number): Promise<void> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.id, productId),
        eq(products.practiceId, practiceId),
        eq(products.active, true),
      ),
    );
  if (!product) throw badRequest('Choose a service (CPT code) of this practice.', 'productId');
}

const minutesOf = (e: { startAt: string; endAt: string }) =>
  Math.round((Date.parse(e.endAt) - Date.parse(e.startAt)) / 60_000);

/**
 * Where the edit puts the appointments, or null when it leaves their time, length and
 * therapist alone (a location or service change never asks about double booking).
 */
function placementOf(
  event: EventRow,
  input: UpdateAppointmentInput,
  scope: SeriesScope,
): Placement | null {
  const therapistId = input.therapistId ?? event.therapistId;
  const start = input.start ?? event.startAt;
  const moves =
    Date.parse(start) !== Date.parse(event.startAt) ||
    therapistId !== event.therapistId ||
    // A length for several occurrences sets each of theirs, whatever this one's was.
    (input.duration !== undefined && (scope !== 'this' || input.duration !== minutesOf(event)));
  if (!moves) return null;
  return {
    window: windowFrom(event, start, input.duration ?? null),
    minutes: input.duration ?? null,
    therapistId,
    allowDoubleBooking: input.allowDoubleBooking,
    // A new time of a lone appointment is a timed one (the dialog has no all-day choice).
    allDay: scope === 'this' && input.start !== undefined ? false : null,
  };
}

/** What a refused edit says: a lone appointment as booking does; a series names the day. */
function takenWords(event: EventRow, input: UpdateAppointmentInput, scope: SeriesScope) {
  if (scope === 'this') return () => SLOT_TAKEN;
  const moved = input.start !== undefined && Date.parse(input.start) !== Date.parse(event.startAt);
  const otherTherapist = input.therapistId !== undefined && input.therapistId !== event.therapistId;
  return moved || otherTherapist ? seriesMoveTaken : seriesEditTaken;
}

/** The SET clauses of the location, telehealth and length changes. */
function fieldSets(input: UpdateAppointmentInput) {
  const sets = [sql`updated_at = now()`];
  if (input.practiceLocationId !== undefined) {
    sets.push(sql`location_id = ${input.practiceLocationId}`);
  }
  if (input.isTeletherapy === true) {
    sets.push(
      sql`is_telehealth = true`,
      sql`telehealth_pos = coalesce(${input.teletherapyPos ?? null}::text, telehealth_pos, '02')`,
    );
  } else if (input.isTeletherapy === false) {
    sets.push(sql`is_telehealth = false`, sql`telehealth_pos = null`);
  } else if (input.teletherapyPos !== undefined) {
    sets.push(
      sql`telehealth_pos = case when is_telehealth then coalesce(${input.teletherapyPos}::text, '02') else null end`,
    );
  }
  return sets;
}

/** The parts of the change worth keeping in the audit row. */
function changeDetail(input: UpdateAppointmentInput, placement: Placement | null) {
  const given = <K extends keyof UpdateAppointmentInput>(key: K) =>
    input[key] === undefined ? {} : { [key]: input[key] };
  return {
    ...given('practiceLocationId'),
    ...given('isTeletherapy'),
    ...given('teletherapyPos'),
    ...given('productId'),
    ...given('duration'),
    ...(placement ? { to: placement.window.startAt, therapistId: placement.therapistId } : {}),
    ...(placement?.allowDoubleBooking ? { allowDoubleBooking: true } : {}),
  };
}

/**
 * The edit dialog's one call: the date and time, length, therapist, location, telehealth
 * and service of one appointment, of it and the following occurrences, or of the whole
 * series. A new time moves the others of the scope by the same wall-clock change, as a
 * drag does (`placeEvents`, the one rule of every move); without double booking a place
 * another booking holds is refused (409) and nothing at all is written.
 */
export async function updateAppointment(
  db: Db,
  request: FastifyRequest,
  input: UpdateAppointmentInput,
): Promise<ChangeOutcome> {
  const { practiceId, event } = await changeableEvent(db, request, input.calendar_event_id);
  if (event.type !== 'appointment') throw badRequest(ONLY_APPOINTMENTS, 'calendar_event_id');
  const fields = [
    input.practiceLocationId,
    input.isTeletherapy,
    input.teletherapyPos,
    input.productId,
    input.duration,
    input.start,
    input.therapistId,
  ];
  if (fields.every((f) => f === undefined)) throw badRequest(NOTHING_TO_CHANGE);
  if (input.practiceLocationId !== undefined && input.practiceLocationId !== null) {
    await assertLocation(db, practiceId, input.practiceLocationId);
  }
  if (input.productId !== undefined) await assertProduct(db, practiceId, input.productId);
  if (input.therapistId !== undefined && input.therapistId !== event.therapistId) {
    await assertBookableTherapist(db, request, input.therapistId);
  }
  const scope: SeriesScope = event.seriesId === null ? 'this' : input.scope;
  const placement = placementOf(event, input, scope);
  const timezone = await practiceTimezone(db, practiceId);
  const updated = await booking(() =>
    db.transaction(async (tx) => {
      const plan = await lockedPlan(tx, practiceId, event, scope);
      if (scope === 'this') {
        const anchor = plan.skipped[0];
        if (anchor?.reason === 'cancelled') throw forbidden(CANCELLED_CANNOT_CHANGE);
        if (anchor?.reason === 'attended') throw forbidden(ATTENDED_CANNOT_CHANGE);
      }
      const ids = idsOf(plan.targets);
      if (ids.length === 0) return [];
      if (placement) {
        await placeEvents(tx, {
          practiceId,
          anchor: event,
          ids,
          placement,
          timezone,
          taken: takenWords(event, input, scope),
        });
      }
      await tx.execute(
        sql`update calendar_events set ${sql.join(fieldSets(input), sql`, `)} where id = any(${idArray(ids)})`,
      );
      if (input.practiceLocationId !== undefined)
        await assertEventsAtOpenLocations(tx, { eventIds: ids, timezone });
      if (input.productId !== undefined) {
        await tx.execute(
          sql`update calendar_event_attendees set product_id = ${input.productId}
              where event_id = any(${idArray(ids)})`,
        );
      }
      return plan.targets;
    }),
  );
  return outcomeOf(updated, 'updated', {
    eventIds: idsOf(updated),
    scope,
    ...changeDetail(input, placement),
  });
}
