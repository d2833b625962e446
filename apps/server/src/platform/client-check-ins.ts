import type { Db } from '../db/client.ts';

/**
 * Where the calendar tells other areas that a client has checked in for an appointment
 * (issue 18 item 6: measures scheduled "before every appointment" are given on check-in).
 * The call runs in the check-in's transaction, so what a handler gives exists exactly when the
 * check-in does, and its answer (what was given) goes into the check-in's audit row. Areas
 * never import each other; forms registers its handler here when its module loads.
 */
export type ClientCheckIn = {
  practiceId: number;
  clientId: number;
  eventId: number;
  attendeeId: number;
  userId: number | null;
  now: Date;
};

/** What the handler did, named for the audit row (e.g. the measures given). */
type Handler = (db: Db, checkIn: ClientCheckIn) => Promise<string[]>;

let handler: Handler | null = null;

export function handleClientCheckIns(next: Handler): void {
  handler = next;
}

export async function clientCheckedIn(db: Db, checkIn: ClientCheckIn): Promise<string[]> {
  return handler === null ? [] : handler(db, checkIn);
}
