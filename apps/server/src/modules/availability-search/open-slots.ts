import type { Db } from '../../db/client.ts';

/**
 * CONTRACT (issue 6, implemented by the find-an-appointment work; used by the
 * public directory and self-booking too). Open slots of therapists in a window:
 * their availability days (in the span in force on each date, minus date
 * exceptions), stepped by each day's scheduleEvery, for a duration, minus live
 * calendar events (appointments, meetings, out of office, not cancelled) and
 * busy time from external calendars, never in the past.
 */
export type SlotMode = 'any' | 'inPerson' | 'telehealth';

export type OpenSlotQuery = {
  practiceId: number;
  therapistIds: readonly number[];
  /** Only days at these locations; empty or undefined means any location. */
  locationIds?: readonly number[];
  mode: SlotMode;
  durationMinutes: number;
  /** Window [from, to); callers keep it within 7 days (spec-1 §9). */
  from: Date;
  to: Date;
  /** Public booking: only days with onlineScheduling on. */
  onlineOnly: boolean;
  now: Date;
};

export type OpenSlot = {
  therapistId: number;
  /** ISO instants (UTC). */
  start: string;
  end: string;
  locationId: number | null;
  inPerson: boolean;
  telehealth: boolean;
};

export async function findOpenSlots(_db: Db, _query: OpenSlotQuery): Promise<OpenSlot[]> {
  throw new Error('findOpenSlots: not implemented yet');
}
