import { DEFAULT_APPOINTMENT_DURATION_MINUTES, instantOfZonedDateTime } from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { findOpenSlots, type SlotMode } from '../calendar/index.ts';
import type { TherapistProfile } from './directory-queries.ts';
import { RANGE_TOO_LONG } from './messages.ts';

/** An open slot as the booking pages receive it. */
export type BookableSlot = {
  start: string;
  end: string;
  inPerson: boolean;
  telehealth: boolean;
  location: { id: number; name: string } | null;
};

const DAY_MS = 86_400_000;
/** 7 days (spec-1 §9), plus the hour a week gains when clocks go back. */
const MAX_WINDOW_MS = 7 * DAY_MS + 3_600_000;

/** A day ('YYYY-MM-DD', midnight on the practice's clocks) or an instant, as a Date. */
export function instantOf(value: string, timezone: string): Date {
  if (value.length === 10) {
    const iso = instantOfZonedDateTime(`${value}T00:00`, timezone);
    if (!iso) throw badRequest('Please enter a valid date, e.g. 01/05/1995.', 'start');
    return new Date(iso);
  }
  return new Date(value);
}

/** The window [from, to) of a slots lookup; refused when reversed or longer than 7 days. */
export function slotWindow(start: string, end: string, timezone: string): { from: Date; to: Date } {
  const from = instantOf(start, timezone);
  const to = instantOf(end, timezone);
  const span = to.getTime() - from.getTime();
  if (!(span > 0 && span <= MAX_WINDOW_MS)) throw badRequest(RANGE_TOO_LONG, 'end');
  return { from, to };
}

/** The practice's default service: what an online booking is for, and its usual length. */
export async function defaultService(
  db: Db,
  practiceId: number,
): Promise<{ productId: number | null; durationMinutes: number }> {
  const [row] = await rowsOf<{ id: number; durationMinutes: number }>(
    db,
    sql`select id, duration_minutes as "durationMinutes" from products
        where practice_id = ${practiceId} and active and not is_group
        order by is_default desc, id limit 1`,
  );
  return row
    ? { productId: row.id, durationMinutes: row.durationMinutes }
    : { productId: null, durationMinutes: DEFAULT_APPOINTMENT_DURATION_MINUTES };
}

/**
 * Open online slots of one therapist in a window, as the public may see
 * them: free time only, never who holds the rest. Telehealth is offered only
 * where the therapist offers it at all (`profile.telehealth`).
 */
export async function bookableSlots(
  db: Db,
  input: {
    profile: Pick<TherapistProfile, 'therapistId' | 'practiceId' | 'telehealth' | 'locations'>;
    from: Date;
    to: Date;
    mode: SlotMode;
    durationMinutes: number;
    now: Date;
  },
): Promise<BookableSlot[]> {
  const { profile } = input;
  if (input.mode === 'telehealth' && !profile.telehealth) return [];
  const mode: SlotMode = input.mode === 'any' && !profile.telehealth ? 'inPerson' : input.mode;
  const slots = await findOpenSlots(db, {
    practiceId: profile.practiceId,
    therapistIds: [profile.therapistId],
    mode,
    durationMinutes: input.durationMinutes,
    from: input.from,
    to: input.to,
    onlineOnly: true,
    now: input.now,
  });
  const names = new Map(profile.locations.map((l) => [l.id, l.name]));
  const offered = slots
    .filter((s) => s.therapistId === profile.therapistId)
    .map((s) => {
      const telehealth = s.telehealth && profile.telehealth;
      const inPerson = s.inPerson;
      const name = s.locationId === null ? undefined : names.get(s.locationId);
      return {
        start: new Date(s.start).toISOString(),
        end: new Date(s.end).toISOString(),
        inPerson,
        telehealth,
        location:
          inPerson && s.locationId !== null && name !== undefined
            ? { id: s.locationId, name }
            : null,
      };
    })
    .filter((s) =>
      mode === 'telehealth'
        ? s.telehealth
        : mode === 'inPerson'
          ? s.inPerson
          : s.inPerson || s.telehealth,
    );
  return mergeSameStart(offered);
}

/**
 * The answer to a slots lookup, the same for the public page and a signed-in client: the
 * window asked for (on the therapist's clocks), the length used, and the open slots, none
 * when `bookable` is false (the therapist takes no booking from this person).
 */
export async function slotsPage(
  db: Db,
  input: {
    profile: TherapistProfile;
    query: { start: string; end: string; mode: SlotMode; duration?: number | undefined };
    bookable: boolean;
    now: Date;
  },
) {
  const { profile, query } = input;
  const { from, to } = slotWindow(query.start, query.end, profile.timezone);
  const durationMinutes =
    query.duration ?? (await defaultService(db, profile.practiceId)).durationMinutes;
  const data = input.bookable
    ? await bookableSlots(db, {
        profile,
        from,
        to,
        mode: query.mode,
        durationMinutes,
        now: input.now,
      })
    : [];
  return {
    therapistId: profile.therapistId,
    timezone: profile.timezone,
    durationMinutes,
    start: from.toISOString(),
    end: to.toISOString(),
    acceptingNewClients: input.bookable,
    data,
  };
}

/** One slot per start time (two availability blocks may offer the same time), by start. */
function mergeSameStart(slots: BookableSlot[]): BookableSlot[] {
  const byStart = new Map<string, BookableSlot>();
  for (const slot of slots) {
    const seen = byStart.get(slot.start);
    if (!seen) {
      byStart.set(slot.start, slot);
      continue;
    }
    byStart.set(slot.start, {
      ...seen,
      inPerson: seen.inPerson || slot.inPerson,
      telehealth: seen.telehealth || slot.telehealth,
      location: seen.location ?? slot.location,
    });
  }
  return [...byStart.values()].sort((a, b) => a.start.localeCompare(b.start));
}
