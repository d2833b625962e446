import {
  instantOfZonedDateTime,
  isAvailabilityLookupRangeAllowed,
  zonedIsoDate,
} from '@openpractice/domain';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { practiceTimezone } from '../../../platform/practice-day.ts';
import { findOpenSlots, type OpenSlot, type SlotMode } from './open-slots.ts';
import { locationsOfPractice, therapistsOfPractice, type NamedLocation } from './queries.ts';
import type { findAvailabilityV2 } from '@openpractice/contracts/calendar/find-appointment';
import type { z } from 'zod';

type FindAvailabilityInput = z.output<typeof findAvailabilityV2.schema.body>;

export const THERAPIST_NOT_FOUND = 'We could not find that therapist.';
export const LOCATION_NOT_FOUND = 'We could not find that location.';
export const INACTIVE_THERAPIST = 'Choose an active therapist of this practice.';
export const END_BEFORE_START = 'The end of the range must not be before its start.';

export type FoundSlotView = {
  start: string;
  end: string;
  locationId: number | null;
  locationName: string | null;
  inPerson: boolean;
  telehealth: boolean;
};

export type FoundAvailability = {
  timezone: string;
  calendarInfo: { start: string; end: string };
  /** More than 7 days were asked for: nothing is looked up (spec-1 §9). */
  rangeTooLong: boolean;
  mode: SlotMode;
  duration: number;
  selectedTherapists: { id: number; name: string }[];
  /** The locations the answer names (the chosen ones and those of the slots). */
  locations: { id: number; name: string }[];
  slotCount: number;
  /** Days with open slots, in order; on each, the therapists in name order. */
  days: {
    date: string;
    therapists: { therapistId: number; therapistName: string; slots: FoundSlotView[] }[];
  }[];
};

/**
 * Open slots for the find-an-appointment page: checks the therapists and
 * locations belong to the practice, keeps to 7 days, and groups the slots by
 * practice-zone day, then therapist.
 */
export async function findAvailability(
  db: Db,
  input: { practiceId: number; body: FindAvailabilityInput; now: Date },
): Promise<FoundAvailability> {
  const { practiceId, body } = input;
  const therapistIds = [...new Set(body.therapistIds)];
  const locationIds = [...new Set(body.locationIds)];
  const [timezone, therapists, chosenLocations] = await Promise.all([
    practiceTimezone(db, practiceId),
    therapistsOfPractice(db, practiceId, therapistIds),
    locationsOfPractice(db, practiceId, locationIds),
  ]);
  if (therapists.length !== therapistIds.length) throw notFound(THERAPIST_NOT_FOUND);
  if (chosenLocations.length !== locationIds.length) throw notFound(LOCATION_NOT_FOUND);
  if (therapists.some((t) => !t.active)) throw badRequest(INACTIVE_THERAPIST, 'therapistIds');
  const { start, end } = body.calendarInfo;
  if (end < start) throw badRequest(END_BEFORE_START, 'calendarInfo.end');

  const answer: FoundAvailability = {
    timezone,
    calendarInfo: { start, end },
    rangeTooLong: !isAvailabilityLookupRangeAllowed(start, end),
    mode: body.mode,
    duration: body.duration,
    selectedTherapists: therapists.map((t) => ({ id: t.id, name: t.name })),
    locations: chosenLocations.map((l) => ({ id: l.id, name: l.name })),
    slotCount: 0,
    days: [],
  };
  const from = instantOfZonedDateTime(`${start}T00:00`, timezone);
  const to = instantOfZonedDateTime(`${end}T00:00`, timezone);
  if (answer.rangeTooLong || !from || !to) return answer;

  const slots = await findOpenSlots(db, {
    practiceId,
    therapistIds,
    locationIds,
    mode: body.mode,
    durationMinutes: body.duration,
    from: new Date(from),
    to: new Date(to),
    onlineOnly: false,
    now: input.now,
  });
  const slotLocationIds = [
    ...new Set(slots.flatMap((s) => (s.locationId === null ? [] : [s.locationId]))),
  ];
  const slotLocations = await locationsOfPractice(db, practiceId, slotLocationIds);
  const locationById = new Map<number, NamedLocation>(
    [...chosenLocations, ...slotLocations].map((l) => [l.id, l]),
  );
  const telehealthOf = new Map(therapists.map((t) => [t.id, t.telehealth]));
  const bookable = slots.flatMap((s) =>
    bookableAt(s, locationById, telehealthOf.get(s.therapistId) === true),
  );
  answer.locations = [...locationById.values()]
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
    .map((l) => ({ id: l.id, name: l.name }));
  answer.slotCount = bookable.length;
  answer.days = groupByDayAndTherapist(bookable, answer.selectedTherapists, timezone);
  return answer;
}

/**
 * A slot as the booking dialog can take it. An inactive location cannot be
 * booked, so a slot there is offered only by telehealth; and telehealth only
 * by a therapist who may hold it (the dialog offers it to no one else).
 */
function bookableAt(
  slot: OpenSlot,
  locations: Map<number, NamedLocation>,
  telehealthAllowed: boolean,
): (FoundSlotView & { therapistId: number })[] {
  const location = slot.locationId === null ? undefined : locations.get(slot.locationId);
  const closed = slot.locationId !== null && !location?.active;
  const inPerson = slot.inPerson && !closed;
  const telehealth = slot.telehealth && telehealthAllowed;
  if (!inPerson && !telehealth) return [];
  return [
    {
      therapistId: slot.therapistId,
      start: slot.start,
      end: slot.end,
      locationId: slot.locationId,
      locationName: location?.name ?? null,
      inPerson,
      telehealth,
    },
  ];
}

function groupByDayAndTherapist(
  slots: readonly (FoundSlotView & { therapistId: number })[],
  therapists: readonly { id: number; name: string }[],
  timezone: string,
): FoundAvailability['days'] {
  const byDay = new Map<string, Map<number, FoundSlotView[]>>();
  for (const { therapistId, ...slot } of slots) {
    const date = zonedIsoDate(slot.start, timezone);
    const day = byDay.get(date) ?? new Map<number, FoundSlotView[]>();
    byDay.set(date, day);
    const list = day.get(therapistId) ?? [];
    day.set(therapistId, list);
    list.push(slot);
  }
  return [...byDay.keys()].sort().map((date) => {
    const day = byDay.get(date) ?? new Map<number, FoundSlotView[]>();
    return {
      date,
      therapists: therapists.flatMap((t) => {
        const list = day.get(t.id);
        return list ? [{ therapistId: t.id, therapistName: t.name, slots: list }] : [];
      }),
    };
  });
}
